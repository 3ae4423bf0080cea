/**
 * Calendar days in Asia/Seoul (the programme's time zone), as YYYY-MM-DD. Seoul keeps UTC+9
 * all year (no daylight saving since 1988), so the day is plain arithmetic: no Intl
 * formatter on every page load (decision 0127). A test checks it against Intl over a year.
 */
import { seoulDay } from '#shared/contract/programme.ts';

/** Today in Seoul. Loaders compute it, so the server's answer and hydration agree. */
export function seoulToday(now: Date = new Date()): string {
  return seoulDay(now.getTime());
}

/** The first day of that day's month: the earliest loan or purchase date the API accepts. */
export function monthStartOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The twelve months up to and including this one, newest first (YYYY-MM). */
export function lastMonths(day: string, count = 12): string[] {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return Array.from({ length: count }, (_, i) => {
    const total = y * 12 + (m - 1) - i;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}
