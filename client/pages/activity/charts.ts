/**
 * The geometry and text alternatives of 독서 통계's charts (decision 0063), from the API's
 * statistics (decision 0112). Pure functions, so the server and the browser draw the same.
 *
 * Horizontal positions are percentages of the chart's width and vertical ones CSS pixels:
 * the SVG has no viewBox, so it is as wide as its box at any screen width while its text
 * keeps the page's size (it never shrinks to fit a phone).
 */
import type { BooksRead, UserStatistics } from '#shared/contract/statistics.ts';
import { statsText as t } from './statistics-messages.ts';

type MonthPoints = UserStatistics['points_by_month'][number];
type TypeCount = UserStatistics['activities_by_type'][number];

/** Rounded so the numbers written into the SVG are short and the same everywhere. */
const round = (v: number) => Math.round(v * 1000) / 1000;

/**
 * Round axis values from 0 up to at least `max`: about `count` steps of 1, 2 or 5 × 10ⁿ
 * (whole numbers only: points and counts). `[0]` when there is nothing to show.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const factor = error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1;
  const step = Math.max(1, Math.round(factor * power));
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

// ---------------------------------------------------------------- points by month

/** The column chart's vertical layout (px). */
export const MONTH_CHART = { top: 28, bottom: 172, monthY: 194, yearY: 214, height: 224 } as const;

export interface MonthBar {
  month: string;
  monthNo: number;
  /** "2026년" under the first column and under January, else undefined. */
  year: string | undefined;
  earned: number;
  count: number;
  /** Left edge and width in % of the chart's width; centre for the labels. */
  x: number;
  width: number;
  center: number;
  /** Top edge and height in px. */
  y: number;
  height: number;
  current: boolean;
  /** The month with the most points (the latest of equals): its value is written above it. */
  best: boolean;
  /** How a label at this column is anchored so it stays inside the chart. */
  anchor: 'start' | 'middle' | 'end';
}

export interface MonthChart {
  bars: MonthBar[];
  ticks: { value: number; y: number }[];
  total: number;
  /** Nothing earned in the twelve months: the page says so instead of drawing zeros. */
  empty: boolean;
  summary: string;
}

function bestIndex(values: readonly number[]): number {
  let best = 0;
  values.forEach((v, i) => {
    if (v >= (values[best] ?? 0)) best = i;
  });
  return best;
}

export function monthChart(months: readonly MonthPoints[], today: string): MonthChart {
  const { top, bottom } = MONTH_CHART;
  const earned = months.map((m) => m.earned);
  const total = earned.reduce((a, b) => a + b, 0);
  const ticks = niceTicks(Math.max(0, ...earned));
  const domain = ticks[ticks.length - 1] || 1;
  const y = (v: number) => round(bottom - (v / domain) * (bottom - top));
  const band = 100 / Math.max(1, months.length);
  const best = bestIndex(earned);
  const thisMonth = today.slice(0, 7);
  const januaryNear = months.findIndex((m, i) => i > 0 && i <= 2 && m.month.endsWith('-01'));
  const bars = months.map((m, i): MonthBar => {
    const monthNo = Number(m.month.slice(5, 7));
    const showYear = (i === 0 && januaryNear < 0) || monthNo === 1;
    return {
      month: m.month,
      monthNo,
      year: showYear ? t.yearLabel(m.month.slice(0, 4)) : undefined,
      earned: m.earned,
      count: m.activity_count,
      x: round(i * band + band * 0.18),
      width: round(band * 0.64),
      center: round(i * band + band / 2),
      y: y(m.earned),
      height: round(bottom - y(m.earned)),
      current: m.month === thisMonth,
      best: total > 0 && i === best,
      anchor: i < 2 ? 'start' : i >= months.length - 2 ? 'end' : 'middle',
    };
  });
  const first = months[0]?.month ?? thisMonth;
  const last = months[months.length - 1]?.month ?? thisMonth;
  return {
    bars,
    ticks: ticks.map((value) => ({ value, y: y(value) })),
    total,
    empty: total === 0,
    summary:
      total === 0
        ? t.months.empty
        : t.months.summary({
            from: first,
            to: last,
            total,
            best: months[best]?.month ?? last,
            bestEarned: earned[best] ?? 0,
            current: months.find((m) => m.month === thisMonth)?.earned ?? 0,
          }),
  };
}

/** Where a label at a column goes: its left edge, centre or right edge (so it never leaves the chart). */
export function labelX(bar: Pick<MonthBar, 'x' | 'width' | 'center' | 'anchor'>): number {
  return bar.anchor === 'start' ? bar.x : bar.anchor === 'end' ? round(bar.x + bar.width) : bar.center;
}

// ---------------------------------------------------------------- activities by type

/** One row per kind of activity done: the name and count above, the bar below (px). */
export const TYPE_CHART = { row: 52, labelY: 18, barY: 27, barHeight: 14 } as const;

export interface TypeRow {
  type: TypeCount['activity_type'];
  name: string;
  count: number;
  points: number;
  /** Top of the row (px) and the bar's width (% of the chart's width). */
  y: number;
  width: number;
}

export interface TypeChart {
  /** The kinds done this year, in the contract's order; the table lists every kind. */
  rows: TypeRow[];
  height: number;
  total: number;
  points: number;
  empty: boolean;
  summary: string;
}

export function typeChart(types: readonly TypeCount[], year: string): TypeChart {
  const done = types.filter((c) => c.count > 0);
  const max = Math.max(1, ...done.map((c) => c.count));
  const total = done.reduce((a, c) => a + c.count, 0);
  const points = done.reduce((a, c) => a + c.points, 0);
  // The kind done most often (the first of equals, in the contract's order).
  const top = done.reduce<TypeCount | undefined>((a, c) => (a && a.count >= c.count ? a : c), undefined);
  return {
    rows: done.map((c, i) => ({
      type: c.activity_type,
      name: c.activity_name,
      count: c.count,
      points: c.points,
      y: i * TYPE_CHART.row,
      // A kind done at least once always shows a sliver of bar.
      width: round(Math.max(1.5, (c.count / max) * 100)),
    })),
    height: done.length * TYPE_CHART.row,
    total,
    points,
    empty: done.length === 0,
    summary:
      !top
        ? t.types.empty(year)
        : t.types.summary({ year, total, points, top: top.activity_name, topCount: top.count, kinds: done.length }),
  };
}

// ---------------------------------------------------------------- books against the goal

/** The goal bar's vertical layout (px). */
export const GOAL_CHART = { headY: 30, barY: 44, barHeight: 22, paceTop: 38, paceBottom: 72, paceY: 92, height: 100 } as const;

export interface GoalChart {
  year: string;
  read: number;
  goal: number | null;
  /** Read against the goal, in % (may pass 100); the bar's width is capped at 100. */
  percent: number;
  width: number;
  /** Books that would be read by today at an even pace through the year, and where that is (%). */
  pace: number;
  paceX: number;
  reached: boolean;
  anchor: 'start' | 'middle' | 'end';
  summary: string;
}

/** Day of the year (1 January = 1) and the days in it, of a Seoul day YYYY-MM-DD. */
export function yearProgress(day: string): { day: number; days: number } {
  const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
  const start = Date.UTC(y, 0, 1);
  return { day: Math.round((Date.UTC(y, m - 1, d) - start) / 86_400_000) + 1, days: Math.round((Date.UTC(y + 1, 0, 1) - start) / 86_400_000) };
}

export function goalChart(books: BooksRead, today: string): GoalChart {
  const { read_count: read, goal_books: goal, year } = books;
  const progress = yearProgress(today);
  const share = progress.day / progress.days;
  const percent = goal ? Math.round((read / goal) * 100) : 0;
  const pace = goal ? Math.round(goal * share) : 0;
  const paceX = round(share * 100);
  return {
    year,
    read,
    goal,
    percent,
    width: round(Math.min(100, goal ? (read / goal) * 100 : 0)),
    pace,
    paceX,
    reached: goal !== null && read >= goal,
    anchor: paceX < 20 ? 'start' : paceX > 80 ? 'end' : 'middle',
    summary: goal ? t.goal.summary({ goal, read, percent, pace }) : t.goal.noGoal(read),
  };
}
