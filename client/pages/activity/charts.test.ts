import { describe, expect, it } from 'vitest';
import type { UserStatistics } from '#shared/contract/statistics.ts';
import { MONTH_CHART, goalChart, labelX, monthChart, niceTicks, typeChart, yearProgress } from './charts.ts';
import { statsText } from './statistics-messages.ts';

type Months = UserStatistics['points_by_month'];
type Types = UserStatistics['activities_by_type'];

/** Twelve months up to 2026-11, with these points (oldest first; the rest 0). */
function months(earned: number[], upTo = '2026-11'): Months {
  const [y, m] = [Number(upTo.slice(0, 4)), Number(upTo.slice(5, 7))];
  return Array.from({ length: 12 }, (_, i) => {
    const total = y * 12 + (m - 1) - (11 - i);
    return {
      month: `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`,
      earned: earned[i] ?? 0,
      activity_count: earned[i] ? Math.ceil((earned[i] ?? 0) / 100) : 0,
    };
  });
}

const NAMES = { diary: '독서일지', review: '서평', loan: '도서 대출', purchase: '종이책 구매', bookclub: '독서동아리 모임', authortalk: '작가와의 만남', edu: '교육 인증', checkin: '챌린지 출석', challenge: '21일 챌린지 완주' } as const;

function types(counts: Partial<Record<keyof typeof NAMES, number>>): Types {
  return (Object.keys(NAMES) as (keyof typeof NAMES)[]).map((type) => ({
    activity_type: type,
    activity_name: NAMES[type],
    count: counts[type] ?? 0,
    points: (counts[type] ?? 0) * 100,
  }));
}

describe('niceTicks', () => {
  it('steps of 1, 2 or 5 × 10ⁿ from 0 up to at least the maximum', () => {
    expect(niceTicks(2400)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(niceTicks(23_750)).toEqual([0, 5000, 10_000, 15_000, 20_000, 25_000]);
    expect(niceTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });

  it('whole numbers only, and just [0] for nothing', () => {
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0)).toEqual([0]);
    expect(niceTicks(-5)).toEqual([0]);
    expect(niceTicks(Number.NaN)).toEqual([0]);
  });

  it('always covers the maximum with a handful of steps', () => {
    for (const max of [1, 9, 10, 11, 99, 101, 555, 999, 1001, 4321, 60_000, 123_456]) {
      const ticks = niceTicks(max);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(11);
      expect(ticks.every((v) => Number.isInteger(v))).toBe(true);
    }
  });
});

describe('points by month', () => {
  const earned = [0, 300, 1200, 0, 2400, 800, 600, 0, 0, 1000, 2400, 500];
  const chart = monthChart(months(earned), '2026-11-22');

  it('twelve columns side by side across the whole width, oldest first', () => {
    expect(chart.bars.map((b) => b.month)).toEqual(months([]).map((m) => m.month));
    expect(chart.bars[0]?.month).toBe('2025-12');
    for (const [i, b] of chart.bars.entries()) {
      expect(b.x).toBeCloseTo(i * (100 / 12) + (100 / 12) * 0.18, 2);
      expect(b.x + b.width).toBeLessThanOrEqual(100);
      expect(b.width).toBeGreaterThan(0);
    }
  });

  it('heights in proportion to the points, on a round scale that starts at 0', () => {
    const { top, bottom } = MONTH_CHART;
    expect(chart.ticks.map((t) => t.value)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(chart.ticks[0]?.y).toBe(bottom);
    expect(chart.ticks[chart.ticks.length - 1]?.y).toBe(top);
    const h = (i: number) => chart.bars[i]?.height ?? NaN;
    expect(h(0)).toBe(0);
    expect(h(4)).toBeCloseTo(((bottom - top) * 2400) / 2500, 3);
    expect(h(2) / h(4)).toBeCloseTo(1200 / 2400, 3);
    for (const b of chart.bars) expect(b.y + b.height).toBeCloseTo(bottom, 3);
  });

  it('marks this month (Seoul day) and the best month, the latest of equals', () => {
    expect(chart.bars.filter((b) => b.current).map((b) => b.month)).toEqual(['2026-11']);
    expect(chart.bars.filter((b) => b.best).map((b) => b.month)).toEqual(['2026-10']);
  });

  it('names the year under January, and under the first column when January is not next to it', () => {
    // December 2025 comes first, but January is next to it: only January is named (no overlap).
    expect(chart.bars.filter((b) => b.year).map((b) => [b.month, b.year])).toEqual([['2026-01', '2026년']]);
    const fromMarch = monthChart(months([], '2027-02'), '2027-02-01');
    expect(fromMarch.bars.filter((b) => b.year).map((b) => b.year)).toEqual(['2026년', '2027년']);
  });

  it('keeps labels at the edges inside the chart', () => {
    const first = chart.bars[0];
    const last = chart.bars[11];
    expect(first?.anchor).toBe('start');
    expect(last?.anchor).toBe('end');
    expect(chart.bars[5]?.anchor).toBe('middle');
    if (!first || !last) throw new Error('bars');
    expect(labelX(first)).toBe(first.x);
    expect(labelX(last)).toBeCloseTo(last.x + last.width, 3);
    expect(labelX(chart.bars[5] ?? first)).toBe(chart.bars[5]?.center);
  });

  it('sums itself up in one sentence: the total, the best month, this month', () => {
    expect(chart.total).toBe(9200);
    expect(chart.summary).toBe(
      '2025년 12월부터 2026년 11월까지 9,200포인트를 적립했어요. 가장 많이 적립한 달은 2026년 10월로 2,400포인트예요. 이번 달은 500포인트예요.',
    );
  });

  it('no points at all: empty, with a sentence and no scale', () => {
    const none = monthChart(months([]), '2026-11-22');
    expect(none.empty).toBe(true);
    expect(none.summary).toBe(statsText.months.empty);
    expect(none.ticks.map((t) => t.value)).toEqual([0]);
    expect(none.bars.every((b) => b.height === 0 && !b.best)).toBe(true);
  });
});

describe('activities by type', () => {
  it('one row per kind done this year, bars against the most frequent', () => {
    const chart = typeChart(types({ diary: 12, loan: 3, checkin: 24 }), '2026');
    expect(chart.rows.map((r) => [r.name, r.count, r.width])).toEqual([
      ['독서일지', 12, 50],
      ['도서 대출', 3, 12.5],
      ['챌린지 출석', 24, 100],
    ]);
    expect(chart.rows.map((r) => r.y)).toEqual([0, 52, 104]);
    expect(chart.height).toBe(156);
    expect(chart.total).toBe(39);
    expect(chart.points).toBe(3900);
    expect(chart.summary).toBe('2026년에 활동 39회로 3,900포인트를 적립했어요. 3가지 활동 가운데 가장 많이 한 활동은 챌린지 출석, 24회예요.');
  });

  it('a kind done once among many still shows a sliver; equals go to the first kind', () => {
    const chart = typeChart(types({ review: 1, diary: 200, purchase: 200 }), '2026');
    expect(chart.rows.find((r) => r.type === 'review')?.width).toBe(1.5);
    expect(chart.summary).toContain('가장 많이 한 활동은 독서일지, 200회예요.');
  });

  it('nothing this year: empty, with its own sentence', () => {
    const chart = typeChart(types({}), '2026');
    expect(chart.empty).toBe(true);
    expect(chart.rows).toEqual([]);
    expect(chart.height).toBe(0);
    expect(chart.summary).toBe('2026년에는 아직 활동 기록이 없어요.');
  });
});

describe('books read against the goal', () => {
  it('day of the year, leap years included', () => {
    expect(yearProgress('2026-01-01')).toEqual({ day: 1, days: 365 });
    expect(yearProgress('2026-12-31')).toEqual({ day: 365, days: 365 });
    expect(yearProgress('2028-12-31')).toEqual({ day: 366, days: 366 });
    expect(yearProgress('2026-07-02')).toEqual({ day: 183, days: 365 });
  });

  it('the share read, and where an even pace would be today', () => {
    const chart = goalChart({ year: '2026', read_count: 7, goal_books: 20 }, '2026-07-02');
    expect(chart.percent).toBe(35);
    expect(chart.width).toBe(35);
    expect(chart.pace).toBe(10);
    expect(chart.paceX).toBeCloseTo((183 / 365) * 100, 2);
    expect(chart.anchor).toBe('middle');
    expect(chart.reached).toBe(false);
    expect(chart.summary).toBe('올해 목표 20권 중 7권을 읽었어요(35%). 오늘까지의 목표 진도는 10권이에요.');
  });

  it('ahead of the pace, and past the goal (the bar stops at the end)', () => {
    expect(goalChart({ year: '2026', read_count: 3, goal_books: 4 }, '2026-03-01').summary).toBe(
      '올해 목표 4권 중 3권을 읽었어요(75%). 오늘까지의 목표 진도 1권보다 앞서 있어요.',
    );
    const past = goalChart({ year: '2026', read_count: 30, goal_books: 12 }, '2026-11-22');
    expect(past.percent).toBe(250);
    expect(past.width).toBe(100);
    expect(past.reached).toBe(true);
    expect(past.summary).toBe('올해 목표 12권 중 30권을 읽었어요(250%). 목표를 이루었어요.');
  });

  it('the pace label stays inside near the ends of the year', () => {
    expect(goalChart({ year: '2026', read_count: 0, goal_books: 10 }, '2026-01-05').anchor).toBe('start');
    expect(goalChart({ year: '2026', read_count: 0, goal_books: 10 }, '2026-12-20').anchor).toBe('end');
  });

  it('no goal yet: the books read and an invitation, no bar', () => {
    const chart = goalChart({ year: '2026', read_count: 5, goal_books: null }, '2026-11-22');
    expect(chart.goal).toBeNull();
    expect(chart.width).toBe(0);
    expect(chart.summary).toBe('올해 5권을 읽었어요. 목표 권수를 정하면 진도를 함께 보여 드려요.');
    expect(goalChart({ year: '2026', read_count: 0, goal_books: null }, '2026-11-22').summary).toBe(
      '올해 읽은 책이 아직 없어요. 목표 권수를 정하면 진도를 함께 보여 드려요.',
    );
  });
});
