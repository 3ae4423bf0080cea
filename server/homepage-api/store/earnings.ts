/**
 * The activity rows every earning write adds (docs/product.md §7 /activity/*), with their earn
 * ledger rows and running figures (decision 0146), and what the earning rules (programme/earn.ts)
 * read of them: counts by type, day and month, and the whole state in one statement (decision
 * 0137). Part of the activity store (activities.ts).
 */
import type { ActivityType, PointReason } from '#shared/contract/index.ts';
import { ACTIVITY_TYPES } from '#shared/contract/points.ts';
import { isoSeoul } from '../time.ts';
import type { Database } from './dialect.ts';
import { STATUSES } from './member-lists.ts';
import { count, int, oneOf, strOrNull } from './rows.ts';
import { RUNNING_RETURNING, runningCte, type RunningEntry } from './running-points.ts';

export interface NewActivity {
  memberId: number;
  type: ActivityType;
  isbn: string | null;
  points: number;
  reason: PointReason;
  day: string;
  /** The date the member did it (loan date, purchase date, meeting day…); default `day`. */
  activityDate?: string;
  at: number;
}

/** What the earning rules read (programme/earn.ts), in one snapshot. */
export interface EarningState {
  /** An earlier year still sums above zero (its expiry is due). */
  unsettled: boolean;
  /** Whether the member ever recorded an activity of the type; whether on the day. */
  recordedOfType: boolean;
  recordedOnDay: boolean;
  /** Earning activities of the type in the day's month. */
  earnedCountMonth: number;
  suspendedUntil: string | null;
  /** Points earned in the day's month and year; the balance. */
  earnedMonth: number;
  earnedYear: number;
  balance: number;
}

/** A diary written with its activity (addEarned). */
export interface NewDiary {
  content: string;
  readPages: number | null;
}

export interface StoredActivity {
  activityId: number;
  memberId: number;
  type: ActivityType;
  points: number;
  status: (typeof STATUSES)[number];
}

/** Adds a diary row beside an activity (diaries-reviews.ts): false when nothing was inserted. */
type AddDiary = (activityId: number, d: { memberId: number; isbn: string; content: string; readPages: number | null; writtenOn: string }) => Promise<boolean>;
/** Adds a ledger row's points to the running figures, on SQLite (running-points.ts). */
type AddRunning = (e: RunningEntry) => Promise<void>;

export function earningStore(db: Database, addDiary: AddDiary, addRunning: AddRunning) {
  const insert = db.prepare(
    `INSERT INTO activities (member_id, activity_type, isbn, points, point_reason, day, month, created_at, activity_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING activity_id`,
  );
  const ofType = db.prepare('SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ?');
  const onDay = db.prepare('SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ? AND day = ?');
  const inMonth = db.prepare('SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ? AND month = ?');
  const earnedInMonth = db.prepare(
    'SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ? AND month = ? AND points > 0',
  );
  // What the earning rules read, in one statement (decision 0137), run behind the member's lock.
  // None of it walks the member's history (decision 0146): whether, not how many, of a type and on
  // the day (the day is in the index, migration 0013); this month's earning activities through
  // their own index (as many as the monthly limit lets earn); the points from the running figures.
  const earningState = db.prepare(
    `SELECT CASE WHEN EXISTS (SELECT 1 FROM member_points WHERE member_id = :m AND year < :year GROUP BY year HAVING sum(points) > 0)
                 THEN 1 ELSE 0 END AS unsettled,
            CASE WHEN EXISTS (SELECT 1 FROM activities WHERE member_id = :m AND activity_type = :type) THEN 1 ELSE 0 END AS of_type,
            CASE WHEN EXISTS (SELECT 1 FROM activities WHERE member_id = :m AND activity_type = :type AND month = :month AND day = :day)
                 THEN 1 ELSE 0 END AS on_day,
            (SELECT count(*) FROM activities WHERE member_id = :m AND activity_type = :type AND month = :month AND points > 0) AS earned_count_month,
            (SELECT earning_suspended_until FROM members WHERE member_id = :m) AS suspended_until,
            (SELECT coalesce(sum(points), 0) FROM member_points WHERE member_id = :m AND month = :month AND entry_type = 'earn') AS earned_month,
            (SELECT coalesce(sum(points), 0) FROM member_points WHERE member_id = :m AND year = :year AND entry_type = 'earn') AS earned_year,
            (SELECT coalesce(sum(points), 0) FROM member_points WHERE member_id = :m) AS balance`,
  );
  // PostgreSQL: the activity, its ledger row and its running figure in one statement; SQLite:
  // insert, ledger insert and addRunning.
  const earnedCtes = `WITH a AS (
           INSERT INTO activities (member_id, activity_type, isbn, points, point_reason, day, month, created_at, activity_date)
           VALUES (:m, :type, :isbn, :points, :reason, :day, :month, :at, :date) RETURNING activity_id),
         l AS (
           INSERT INTO point_ledger (member_id, entry_type, activity_id, points, reason, day, month, year, created_at)
           SELECT :m, 'earn', activity_id, :points, :reason, :day, :month, CAST(:year AS TEXT), :at FROM a RETURNING ${RUNNING_RETURNING}),
         ${runningCte('l')}`;
  const insertEarned = db.dialect === 'postgres' ? db.prepare(`${earnedCtes} SELECT activity_id FROM a`) : undefined;
  // …and with its diary row too (nothing inserted for a repeat: the partial unique index of migration 0008).
  const insertEarnedDiary = db.dialect === 'postgres'
    ? db.prepare(
        `${earnedCtes},
         d AS (
           INSERT INTO diaries (activity_id, isbn, content, read_pages, member_id, written_on)
           SELECT activity_id, :isbn, CAST(:content AS TEXT), CAST(:pages AS BIGINT), :m, :date FROM a
           ON CONFLICT (member_id, isbn, written_on, content) WHERE repeat_of IS NULL DO NOTHING RETURNING activity_id)
         SELECT activity_id, (SELECT count(*) FROM d) AS diaries FROM a`,
      )
    : undefined;
  const insertLedger = db.prepare(
    `INSERT INTO point_ledger (member_id, entry_type, activity_id, points, reason, day, month, year, created_at)
     VALUES (?, 'earn', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare('SELECT * FROM activities WHERE activity_id = ?');
  const revoke = db.prepare("UPDATE activities SET status = 'revoked' WHERE activity_id = ?");

  const add = async (a: NewActivity): Promise<number> => {
    const r = await insert.get(a.memberId, a.type, a.isbn, a.points, a.reason, a.day, a.day.slice(0, 7), isoSeoul(a.at), a.activityDate ?? a.day);
    if (!r) throw new Error('activity insert returned nothing');
    return int(r, 'activity_id');
  };
  const addWithLedger = async (a: NewActivity): Promise<number> => {
    const month = a.day.slice(0, 7);
    const at = isoSeoul(a.at);
    if (insertEarned) {
      const r = await insertEarned.get({
        m: a.memberId, type: a.type, isbn: a.isbn, points: a.points, reason: a.reason, day: a.day, month, year: a.day.slice(0, 4), at, date: a.activityDate ?? a.day,
      });
      if (!r) throw new Error('activity insert returned nothing');
      return int(r, 'activity_id');
    }
    const activityId = await add(a);
    await insertLedger.run(a.memberId, activityId, a.points, a.reason, a.day, month, a.day.slice(0, 4), at);
    await addRunning({ memberId: a.memberId, entryType: 'earn', points: a.points, day: a.day, activityId });
    return activityId;
  };

  return {
    /** Adds the activity row; its ledger row and detail row are the caller's (same transaction). */
    add,

    /**
     * Everything the earning rules look at for a member and an activity type, as of `day`:
     * call behind the member's lock (programme/earn.ts).
     */
    async earningState(memberId: number, type: ActivityType, day: string): Promise<EarningState> {
      const r = await earningState.get({ m: memberId, type, day, month: day.slice(0, 7), year: day.slice(0, 4) });
      if (!r) throw new Error('earning state returned nothing');
      return {
        unsettled: int(r, 'unsettled') === 1, recordedOfType: int(r, 'of_type') === 1, recordedOnDay: int(r, 'on_day') === 1, earnedCountMonth: int(r, 'earned_count_month'),
        suspendedUntil: strOrNull(r, 'suspended_until'), earnedMonth: int(r, 'earned_month'), earnedYear: int(r, 'earned_year'), balance: int(r, 'balance'),
      };
    },

    /**
     * Adds the activity row and its earn ledger row (one statement on PostgreSQL); its detail
     * row is the caller's, but a diary's: with `diary`, its row too, and `diaryAdded` false
     * when nothing was inserted (a repeat: roll the transaction back).
     */
    async addEarned(a: NewActivity, diary?: NewDiary): Promise<{ activityId: number; diaryAdded: boolean }> {
      const month = a.day.slice(0, 7);
      const at = isoSeoul(a.at);
      const date = a.activityDate ?? a.day;
      if (diary && insertEarnedDiary) {
        const r = await insertEarnedDiary.get({
          m: a.memberId, type: a.type, isbn: a.isbn, points: a.points, reason: a.reason, day: a.day, month, year: a.day.slice(0, 4), at, date,
          content: diary.content, pages: diary.readPages,
        });
        if (!r) throw new Error('activity insert returned nothing');
        return { activityId: int(r, 'activity_id'), diaryAdded: int(r, 'diaries') === 1 };
      }
      const activityId = await addWithLedger(a);
      if (!diary) return { activityId, diaryAdded: false };
      const diaryAdded = await addDiary(activityId, { memberId: a.memberId, isbn: a.isbn ?? '', content: diary.content, readPages: diary.readPages, writtenOn: date });
      return { activityId, diaryAdded };
    },

    /** Activities of a type the member ever recorded. */
    async countOfType(memberId: number, type: ActivityType): Promise<number> {
      return count(await ofType.get(memberId, type));
    },

    async countOnDay(memberId: number, type: ActivityType, day: string): Promise<number> {
      return count(await onDay.get(memberId, type, day));
    },

    /** Activities of a type recorded in a month, whatever they earned. */
    async countInMonth(memberId: number, type: ActivityType, month: string): Promise<number> {
      return count(await inMonth.get(memberId, type, month));
    },

    /** Activities of a type that earned points in a month: what a monthly limit counts. */
    async earnedCountInMonth(memberId: number, type: ActivityType, month: string): Promise<number> {
      return count(await earnedInMonth.get(memberId, type, month));
    },

    async byId(activityId: number): Promise<StoredActivity | undefined> {
      const r = await byId.get(activityId);
      return r
        ? {
            activityId: int(r, 'activity_id'),
            memberId: int(r, 'member_id'),
            type: oneOf(r, 'activity_type', ACTIVITY_TYPES),
            points: int(r, 'points'),
            status: oneOf(r, 'status', STATUSES),
          }
        : undefined;
    },

    async revoke(activityId: number): Promise<void> {
      await revoke.run(activityId);
    },
  };
}
