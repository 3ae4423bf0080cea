/**
 * Reading statistics of 나의 활동 (decision 0112), as of the Seoul day of the clock:
 * - points_by_month: the last 12 months up to this one, oldest first, zero-filled: points
 *   earned by activities done that month (the point list's entry_date) and their number;
 * - activities_by_type: every type, this year's activities (1 January to today) and points;
 * - books: distinct ISBNs with a diary, review or loan this year, against the yearly goal.
 * Activities a penalty revoked are not counted (their points were taken back).
 * And the reading streak (decision 0151): consecutive Seoul days with a diary.
 */
import { ACTIVITY_TYPES } from '#shared/contract/points.ts';
import type { BooksRead, ReadingStreak, UserStatistics } from '#shared/contract/statistics.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import type { ApiSettings } from '../settings.ts';
import type { Stores } from '../store/index.ts';
import { addDays, seoulDay } from '../time.ts';
import type { WriteContext } from './activities.ts';

const MONTHS = 12;

/** The `n` months up to `month` (YYYY-MM), oldest first. */
function monthsUpTo(month: string, n: number): string[] {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1;
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(year, m - (n - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

async function booksRead(stores: Stores, memberId: number, today: string): Promise<BooksRead> {
  const year = today.slice(0, 4);
  return {
    year,
    read_count: await stores.statistics.booksRead({ memberId, from: `${year}-01-01`, to: today }),
    goal_books: await stores.statistics.goal(memberId, year),
  };
}

export async function userStatistics(stores: Stores, settings: ApiSettings, memberId: number): Promise<UserStatistics> {
  const today = seoulDay(settings.clock());
  const months = monthsUpTo(today.slice(0, 7), MONTHS);
  const o = await stores.statistics.overview(memberId, `${months[0] ?? today.slice(0, 7)}-01`, today);
  const { earnedByMonth: earned, activitiesByMonth: activities, byType } = o;
  return {
    today,
    points_by_month: months.map((month) => ({ month, earned: earned.get(month) ?? 0, activity_count: activities.get(month) ?? 0 })),
    activities_by_type: ACTIVITY_TYPES.map((type) => ({
      activity_type: type,
      activity_name: activityNames[type],
      count: byType.get(type)?.count ?? 0,
      points: byType.get(type)?.points ?? 0,
    })),
    books: { year: today.slice(0, 4), read_count: o.booksRead, goal_books: o.goal },
  };
}

/**
 * The member's reading streak as of the Seoul day of the clock (decision 0151): a run of diary
 * days that ends yesterday is still the current one until today is over.
 */
export async function readingStreak(stores: Stores, settings: ApiSettings, memberId: number): Promise<ReadingStreak> {
  const today = seoulDay(settings.clock());
  const s = await stores.statistics.streak(memberId, today, addDays(today, -1));
  return { today, current_days: s.currentDays, longest_days: s.longestDays, last_day: s.lastDay };
}

/** Sets this year's goal; answers the books read against it and the message. */
export async function setGoal({ stores, settings, member }: WriteContext, goalBooks: number): Promise<{ books: BooksRead; msg: string }> {
  const now = settings.clock();
  const today = seoulDay(now);
  await stores.statistics.setGoal(member.memberId, today.slice(0, 4), goalBooks, now);
  return { books: await booksRead(stores, member.memberId, today), msg: apiMessages.goal.saved(goalBooks) };
}
