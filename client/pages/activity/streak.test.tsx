import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReadingStreak } from '#shared/contract/statistics.ts';
import { messages } from '#shared/messages.ts';
import { activityText } from './messages.ts';
import { StreakCard } from './streak.tsx';

const t = activityText.streak;

function show(streak: ReadingStreak) {
  render(<StreakCard answer={{ result: 'success', streak }} />);
  const card = screen.getByRole('region', { name: t.title });
  /** The description list as term → details. */
  const terms = Object.fromEntries(within(card).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
  return { card, terms };
}

describe('the reading streak card (decision 0151)', () => {
  it('a run that ended yesterday: its days, the longest, the last day, and what a diary today makes it', () => {
    const { card, terms } = show({ today: '2026-11-21', current_days: 12, longest_days: 15, last_day: '2026-11-20' });
    expect(terms).toEqual({ [t.current]: '12일 연속', [t.longest]: '15일', [t.last]: '2026.\u00a011.\u00a020.' });
    expect(within(card).getByText(t.keep(13))).toBeTruthy();
  });

  it('written today, a broken run, never written', () => {
    show({ today: '2026-11-21', current_days: 3, longest_days: 3, last_day: '2026-11-21' });
    expect(screen.getByText(t.today)).toBeTruthy();
    cleanup();

    const broken = show({ today: '2026-11-21', current_days: 0, longest_days: 4, last_day: '2026-11-02' });
    expect(broken.terms[t.current]).toBe('0일 연속');
    expect(screen.getByText(t.restart)).toBeTruthy();
    cleanup();

    const never = show({ today: '2026-11-21', current_days: 0, longest_days: 0, last_day: null });
    expect(never.terms[t.last]).toBe(t.never);
    expect(screen.getByText(t.first)).toBeTruthy();
  });

  it("a failed read says the API's words in its own card, with no figures", () => {
    render(<StreakCard answer={{ result: 'error', msg: messages.error.temporary }} />);
    const card = screen.getByRole('region', { name: t.title });
    expect(within(card).getByText(messages.error.temporary)).toBeTruthy();
    expect(within(card).queryAllByRole('term')).toEqual([]);
  });
});
