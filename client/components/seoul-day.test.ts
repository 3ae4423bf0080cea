import { describe, expect, it } from 'vitest';
import { lastMonths, monthStartOf, seoulToday } from './seoul-day.ts';

describe('days in Seoul', () => {
  it('today is the Seoul calendar day, not the UTC one', () => {
    expect(seoulToday(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-30');
    expect(seoulToday(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
  });

  it('the month starts on the 1st; the last twelve months cross the year', () => {
    expect(monthStartOf('2026-11-22')).toBe('2026-11-01');
    const months = lastMonths('2026-02-10');
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(months.at(-1)).toBe('2025-03');
  });
});
