import { describe, expect, it } from 'vitest';
import { lastMonths, monthStartOf, seoulToday } from './seoul-day.ts';

describe('days in Seoul', () => {
  it('today is the Seoul calendar day, not the UTC one', () => {
    expect(seoulToday(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-30');
    expect(seoulToday(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
  });

  it('agrees with the Asia/Seoul time zone every hour of a year', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' });
    const start = Date.parse('2026-01-01T00:30:00Z');
    const wrong: string[] = [];
    for (let h = 0; h < 366 * 24; h++) {
      const at = new Date(start + h * 3_600_000);
      if (seoulToday(at) !== intl.format(at)) wrong.push(at.toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it('the month starts on the 1st; the last twelve months cross the year', () => {
    expect(monthStartOf('2026-11-22')).toBe('2026-11-01');
    const months = lastMonths('2026-02-10');
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(months.at(-1)).toBe('2025-03');
  });
});
