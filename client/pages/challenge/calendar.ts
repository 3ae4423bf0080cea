/**
 * The challenge calendar (decision 0062): a month of Seoul days, Sunday first, built from
 * getuserattendancecheck. A day is checked (a check-in of any run), missed (the day a run
 * ended: nobody checked in), the start of a run, or the day the run under way completes if
 * no day is missed. Pure: the same answer on the server and in the browser.
 *
 * The answer lists check-in days only for the latest run; for earlier runs it gives the
 * start day and the streak. A run's check-ins are consecutive days (a missed day ends it,
 * domain.md "Challenge"), so those are the `streak` days from `started_day`.
 */
import type { AttendanceAnswer } from '#shared/contract/activity.ts';

export type Attendance = Omit<AttendanceAnswer, 'result'>;
type Run = Attendance['history'][number];

export interface CalendarDay {
  /** YYYY-MM-DD */
  day: string;
  date: number;
  /** 0 = Sunday. */
  weekday: number;
  today: boolean;
  checked: boolean;
  /** Points of the check-in, when the answer says (the latest run's). */
  points?: number;
  missed: boolean;
  start: boolean;
  goal: boolean;
}

export interface CalendarMonth {
  /** YYYY-MM */
  month: string;
  year: number;
  monthNo: number;
  /** Weeks of seven cells, Sunday first; null outside the month. */
  weeks: (CalendarDay | null)[][];
  prev: string | undefined;
  next: string | undefined;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY_MS = 86_400_000;

function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, n: number): string {
  return new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);
}

export function addMonths(month: string, n: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** The weekday of a day (0 = Sunday): dates only, no time zone involved. */
export function weekdayOf(day: string): number {
  return new Date(dayMs(day)).getUTCDay();
}

/** The run under way, if any. */
export function activeRun(a: Attendance): Attendance['challenge'] {
  return a.challenge?.status === 'active' ? a.challenge : null;
}

/** The day the run under way completes if no day is missed. */
export function goalDay(run: Run): string {
  return addDays(run.started_day, run.days_total - 1);
}

/** Every run the answer knows, the latest with its listed check-ins. */
function runs(a: Attendance): { run: Run; checkins: Map<string, number | undefined> }[] {
  const out: { run: Run; checkins: Map<string, number | undefined> }[] = [];
  if (a.challenge) out.push({ run: a.challenge, checkins: new Map(a.challenge.checkins.map((c) => [c.day, c.points])) });
  for (const run of a.history) {
    if (run.challenge_key === a.challenge?.challenge_key) continue;
    const days = new Map<string, number | undefined>();
    for (let i = 0; i < run.streak; i++) days.set(addDays(run.started_day, i), undefined);
    out.push({ run, checkins: days });
  }
  return out;
}

/** The months the calendar can show: from the first run's (or this month) to the goal's (or this month). */
export function monthRange(a: Attendance): { first: string; last: string } {
  const thisMonth = a.today.slice(0, 7);
  let first = thisMonth;
  let last = thisMonth;
  for (const { run } of runs(a)) {
    const start = run.started_day.slice(0, 7);
    if (start < first) first = start;
  }
  const active = activeRun(a);
  if (active) {
    const goal = goalDay(active).slice(0, 7);
    if (goal > last) last = goal;
  }
  return { first, last };
}

/** The month asked for (`?month=YYYY-MM`) if the calendar can show it, else this month. */
export function monthToShow(a: Attendance, asked: string | null): string {
  const { first, last } = monthRange(a);
  return asked && MONTH.test(asked) && asked >= first && asked <= last ? asked : a.today.slice(0, 7);
}

export function buildCalendar(a: Attendance, month: string): CalendarMonth {
  const [year = 0, monthNo = 1] = month.split('-').map(Number);
  const checked = new Map<string, number | undefined>();
  const missed = new Set<string>();
  const starts = new Set<string>();
  for (const { run, checkins } of runs(a)) {
    for (const [day, points] of checkins) checked.set(day, points);
    starts.add(run.started_day);
    if (run.status === 'ended' && run.ended_day) missed.add(run.ended_day);
  }
  const active = activeRun(a);
  const goal = active ? goalDay(active) : undefined;

  const first = `${month}-01`;
  const length = new Date(Date.UTC(year, monthNo, 0)).getUTCDate();
  const cells: (CalendarDay | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let date = 1; date <= length; date++) {
    const day = `${month}-${String(date).padStart(2, '0')}`;
    const points = checked.get(day);
    cells.push({
      day,
      date,
      weekday: weekdayOf(day),
      today: day === a.today,
      checked: checked.has(day),
      ...(points !== undefined ? { points } : {}),
      missed: missed.has(day),
      start: starts.has(day),
      goal: day === goal && !checked.has(day),
    });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));

  const { first: firstMonth, last: lastMonth } = monthRange(a);
  const prev = addMonths(month, -1);
  const next = addMonths(month, 1);
  return {
    month,
    year,
    monthNo,
    weeks,
    prev: prev >= firstMonth ? prev : undefined,
    next: next <= lastMonth ? next : undefined,
  };
}
