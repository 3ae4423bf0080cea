/**
 * The running point figures (decision 0146): `member_points` holds the ledger summed per member,
 * month and entry type, added to by every ledger insert in that insert's transaction (on
 * PostgreSQL in the insert's own statement). The earning rules and the member's point read add
 * up these few rows — a handful a month — instead of the member's whole ledger, so a long-time
 * member's write costs what a new member's does. Each row also counts the activities whose
 * earning it holds (decision 0155): the monthly ranking adds up the month's rows instead of the
 * month's whole ledger. A month and entry type with neither points nor activities has no row.
 * The ledger stays the record: `runningMismatches` compares the two (tests call it after their
 * races); statements and administrators' lists still read the ledger.
 */
import type { Database } from './dialect.ts';
import { int, str } from './rows.ts';

/** The running figures' columns a ledger row adds to. */
export const RUNNING_COLUMNS = 'member_id, month, year, entry_type, points, activities';

/** An earning row of an activity counts one activity; every other row none (decision 0155). */
const ACTIVITY_OF_ROW = "CASE WHEN entry_type = 'earn' AND activity_id IS NOT NULL THEN 1 ELSE 0 END";

/** What a ledger insert returns (RETURNING) for runningCte to add: RUNNING_COLUMNS of the new row. */
export const RUNNING_RETURNING = `member_id, month, year, entry_type, points, ${ACTIVITY_OF_ROW} AS activities`;

/**
 * The statement adding rows to the running figures: `rows` gives RUNNING_COLUMNS, a VALUES list
 * or a SELECT (on PostgreSQL, of a ledger insert's RETURNING in the same statement).
 */
export function addToRunning(rows: string): string {
  return `INSERT INTO member_points (${RUNNING_COLUMNS}) ${rows}
     ON CONFLICT (member_id, month, entry_type)
     DO UPDATE SET points = member_points.points + excluded.points, activities = member_points.activities + excluded.activities`;
}

/** A PostgreSQL CTE adding the rows a ledger insert CTE named `ledger` returned (RUNNING_RETURNING). */
export function runningCte(ledger: string): string {
  return `running AS (${addToRunning(`SELECT ${RUNNING_COLUMNS} FROM ${ledger} WHERE points <> 0 OR activities <> 0`)})`;
}

/** A month and entry type whose running figure is not the sum of its ledger rows. */
export interface RunningMismatch {
  memberId: number;
  month: string;
  entryType: string;
  ledger: number;
  running: number;
  /** The activities its earning rows hold, by the ledger and by the running figure. */
  ledgerActivities: number;
  runningActivities: number;
}

/** A ledger row's part of the figures: its member, day (YYYY-MM-DD) and type, its points and activity. */
export interface RunningEntry {
  memberId: number;
  entryType: string;
  points: number;
  day: string;
  activityId: number | null;
}

export function runningPointStore(db: Database) {
  const add = db.prepare(addToRunning('VALUES (?, ?, ?, ?, ?, ?)'));
  // Both sides summed per member, month (and its year) and entry type; only differences come back.
  const mismatches = db.prepare(
    `SELECT member_id, month, entry_type, sum(ledger) AS ledger, sum(running) AS running,
            sum(ledger_activities) AS ledger_activities, sum(running_activities) AS running_activities FROM (
       SELECT member_id, month, year, entry_type, points AS ledger, 0 AS running,
              ${ACTIVITY_OF_ROW} AS ledger_activities, 0 AS running_activities FROM point_ledger
       UNION ALL
       SELECT member_id, month, year, entry_type, 0 AS ledger, points AS running, 0 AS ledger_activities, activities AS running_activities
         FROM member_points) x
      GROUP BY member_id, month, year, entry_type
     HAVING sum(ledger) <> sum(running) OR sum(ledger_activities) <> sum(running_activities)
      ORDER BY member_id, month, entry_type`,
  );
  return {
    /**
     * Adds a ledger row's points to its running figure: call right after inserting the row, in
     * its transaction. SQLite's way; PostgreSQL's statements carry runningCte instead.
     */
    async addRunning(e: RunningEntry): Promise<void> {
      const activities = e.entryType === 'earn' && e.activityId !== null ? 1 : 0;
      if (e.points !== 0 || activities !== 0) await add.run(e.memberId, e.day.slice(0, 7), e.day.slice(0, 4), e.entryType, e.points, activities);
    },

    /** Where the running figures differ from the ledger's sums: none, unless a ledger write went around them. */
    async runningMismatches(): Promise<RunningMismatch[]> {
      return (await mismatches.all()).map((r) => ({
        memberId: int(r, 'member_id'), month: str(r, 'month'), entryType: str(r, 'entry_type'), ledger: int(r, 'ledger'), running: int(r, 'running'),
        ledgerActivities: int(r, 'ledger_activities'), runningActivities: int(r, 'running_activities'),
      }));
    },
  };
}
