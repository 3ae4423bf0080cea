/**
 * Reading statistics (decision 0112): a member's earnings by month, activities by month and
 * by type, books read, the yearly goal, and the reading streak (decision 0151). Periods are inclusive Seoul days of the date the
 * member did the activity (activity_date); revoked activities are left out.
 */
import { isoSeoul } from '../time.ts';
import type { Database } from './db.ts';
import { count, int, intOrNull, str, strOrNull } from './rows.ts';

/** Activities that mean the member read a book (decision 0112). */
export const BOOK_READING_TYPES = ['diary', 'review', 'loan'] as const;

/** A member's days with a recorded diary, as the reading streak reads them (decision 0151). */
export interface Streak {
  currentDays: number;
  longestDays: number;
  lastDay: string | null;
}

/**
 * The reading streak in one statement (decision 0151), gaps and islands: the member's distinct
 * diary days up to today, oldest first (the partial index of migration 0014), each less its
 * place in that list — the same key for every day of an unbroken run — then one row per run.
 * The current run is the one that ends today or yesterday (at most one can). `runKey` is the
 * one part the dialects write differently: day arithmetic.
 */
const streakSql = (runKey: string) => `WITH days AS (
    SELECT DISTINCT activity_date AS day FROM activities
     WHERE member_id = :m AND activity_type = 'diary' AND status = 'recorded' AND activity_date <= :today),
  runs AS (
    SELECT max(day) AS last_day, count(*) AS n FROM (SELECT day, ${runKey} AS run FROM days) numbered GROUP BY run)
  SELECT coalesce(max(CASE WHEN last_day >= :yesterday THEN n END), 0) AS current_days,
         coalesce(max(n), 0) AS longest_days, max(last_day) AS last_day FROM runs`;

/** What 나의 활동's statistics read (decision 0112), in one statement. */
export interface Overview {
  earnedByMonth: Map<string, number>;
  activitiesByMonth: Map<string, number>;
  byType: Map<string, { count: number; points: number }>;
  booksRead: number;
  goal: number | null;
}

export interface Period {
  memberId: number;
  from: string;
  to: string;
}

export function statisticsStore(db: Database) {
  /** The member's recorded activities done from `from` (a parameter's name) to :to. */
  const recorded = (from: string) => `FROM activities WHERE member_id = :m AND status = 'recorded' AND activity_date BETWEEN ${from} AND :to`;
  /** Those that mean a book was read (distinct ISBNs are the books read). */
  const reading = (from: string) =>
    `${recorded(from)} AND isbn IS NOT NULL AND activity_type IN (${BOOK_READING_TYPES.map((t) => `'${t}'`).join(', ')})`;
  const booksRead = db.prepare(`SELECT count(DISTINCT isbn) AS n ${reading(':from')}`);
  /**
   * 나의 활동's figures in one statement (decision 0159): each part's rows tagged with its name.
   * They were five statements, and PostgreSQL's CPU follows the number of statements more than
   * what they do (decision 0155). `:months_from` starts the last 12 months, `:year_from` this year.
   */
  const overview = db.prepare(
    // An earning is dated by its activity, as in the point list (entry_date).
    `SELECT 'earned' AS part, substr(e.entry_date, 1, 7) AS k, sum(e.points) AS n, 0 AS points FROM (
       SELECT l.points, CASE WHEN a.activity_date <> '' THEN a.activity_date ELSE l.day END AS entry_date
         FROM point_ledger l LEFT JOIN activities a ON a.activity_id = l.activity_id
        WHERE l.member_id = :m AND l.entry_type = 'earn') e
      WHERE e.entry_date BETWEEN :months_from AND :to GROUP BY substr(e.entry_date, 1, 7)
     UNION ALL
     SELECT 'month', substr(activity_date, 1, 7), count(*), 0 ${recorded(':months_from')} GROUP BY substr(activity_date, 1, 7)
     UNION ALL
     SELECT 'type', activity_type, count(*), sum(points) ${recorded(':year_from')} GROUP BY activity_type
     UNION ALL
     SELECT 'books', '', count(DISTINCT isbn), 0 ${reading(':year_from')}
     UNION ALL
     SELECT 'goal', '', goal_books, 0 FROM reading_goals WHERE member_id = :m AND year = :year`,
  );
  const goal = db.prepare('SELECT goal_books FROM reading_goals WHERE member_id = ? AND year = ?');
  const setGoal = db.prepare(
    `INSERT INTO reading_goals (member_id, year, goal_books, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (member_id, year) DO UPDATE SET goal_books = excluded.goal_books, updated_at = excluded.updated_at`,
  );
  const streak = db.prepare({
    sqlite: streakSql('julianday(day) - row_number() OVER (ORDER BY day)'),
    postgres: streakSql('CAST(day AS date) - CAST(row_number() OVER (ORDER BY day) AS integer)'),
  });
  const params = (p: Period) => ({ m: p.memberId, from: p.from, to: p.to });

  return {
    /**
     * The figures of 나의 활동 as of `today`, in one statement: points earned (earn entries) and
     * activities by month (YYYY-MM of the activity date) from `monthsFrom`; this year's
     * activities and points by type, its distinct ISBNs with a diary, review or loan, and its goal.
     */
    async overview(memberId: number, monthsFrom: string, today: string): Promise<Overview> {
      const year = today.slice(0, 4);
      const rows = await overview.all({ m: memberId, months_from: monthsFrom, year_from: `${year}-01-01`, to: today, year });
      const out: Overview = { earnedByMonth: new Map(), activitiesByMonth: new Map(), byType: new Map(), booksRead: 0, goal: null };
      for (const r of rows) {
        const part = str(r, 'part');
        if (part === 'earned') out.earnedByMonth.set(str(r, 'k'), int(r, 'n'));
        else if (part === 'month') out.activitiesByMonth.set(str(r, 'k'), int(r, 'n'));
        else if (part === 'type') out.byType.set(str(r, 'k'), { count: int(r, 'n'), points: int(r, 'points') });
        else if (part === 'books') out.booksRead = int(r, 'n');
        else out.goal = intOrNull(r, 'n');
      }
      return out;
    },

    /** Distinct ISBNs with a diary, review or loan in the period. */
    async booksRead(p: Period): Promise<number> {
      return count(await booksRead.get(params(p)));
    },

    /** The streak of diary days as of `today` (YYYY-MM-DD), still alive when it ends `yesterday`. */
    async streak(memberId: number, today: string, yesterday: string): Promise<Streak> {
      const r = await streak.get({ m: memberId, today, yesterday });
      if (!r) throw new Error('streak returned nothing');
      return { currentDays: int(r, 'current_days'), longestDays: int(r, 'longest_days'), lastDay: strOrNull(r, 'last_day') };
    },

    async goal(memberId: number, year: string): Promise<number | null> {
      const r = await goal.get(memberId, year);
      return r ? intOrNull(r, 'goal_books') : null;
    },

    async setGoal(memberId: number, year: string, books: number, at: number): Promise<void> {
      await setGoal.run(memberId, year, books, isoSeoul(at));
    },
  };
}
