/**
 * Time in the programme's zone. Korea has had no daylight saving time since 1988, so
 * Asia/Seoul is a fixed +09:00 offset; "a day", "a month" and "a year" are Seoul's.
 * Every "now" comes from the injectable clock of the API's settings.
 */
const OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/** 2026-11-21T09:00:00+09:00 */
export function isoSeoul(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 19) + '+09:00';
}

/** 2026-11-21 */
export function seoulDay(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** 2026-11 */
export function seoulMonth(ms: number): string {
  return seoulDay(ms).slice(0, 7);
}

/** 2026 */
export function seoulYear(ms: number): string {
  return seoulDay(ms).slice(0, 4);
}

/** The day before / after a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Milliseconds of Seoul midnight starting `day`. */
export function seoulMidnight(day: string): number {
  return Date.parse(`${day}T00:00:00+09:00`);
}

/** Whole days from `a` to `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** A valid calendar day in YYYY-MM-DD form (rejects 2026-02-30). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}
