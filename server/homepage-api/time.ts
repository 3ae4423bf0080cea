/**
 * Time in the programme's zone. Korea has had no daylight saving time since 1988, so
 * Asia/Seoul is a fixed +09:00 offset; "a day", "a month" and "a year" are Seoul's.
 * Every "now" comes from the injectable clock of the API's settings.
 */
import { SEOUL_OFFSET_MS as OFFSET_MS, seoulDay } from '#shared/contract/programme.ts';

export { seoulDay };
const DAY_MS = 24 * 60 * 60 * 1000;

export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/** 2026-11-21T09:00:00+09:00 */
export function isoSeoul(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 19) + '+09:00';
}

/** The Seoul hour, 0–23. */
export function seoulHour(ms: number): number {
  return new Date(ms + OFFSET_MS).getUTCHours();
}

/** Milliseconds from `ms` to the next Seoul midnight. */
export function untilSeoulMidnight(ms: number): number {
  return DAY_MS - ((ms + OFFSET_MS) % DAY_MS);
}

/** 2026-11 */
export function seoulMonth(ms: number): string {
  return seoulDay(ms).slice(0, 7);
}


/** The day before / after a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}



