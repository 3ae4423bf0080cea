/**
 * The running point figures (decision 0146): `member_points` holds the ledger summed per member,
 * month and entry type, added to by every ledger insert in that insert's transaction (on
 * PostgreSQL in the insert's own statement). The earning rules and the member's point read add
 * up these few rows — a handful a month — instead of the member's whole ledger, so a long-time
 * member's write costs what a new member's does. A month and entry type with no points has no
 * row. The ledger stays the record: `runningMismatches` compares the two (tests call it after
 * their races); statements and administrators' lists still read the ledger.
 */
import type { Database } from './dialect.ts';
import { int, str } from './rows.ts';

/** What a ledger insert returns (RETURNING) for addToRunning to add. */
export const RUNNING_COLUMNS = 'member_id, month, year, entry_type, points';

/**
 * The statement adding rows to the running figures: `rows` gives RUNNING_COLUMNS, a VALUES list
 * or a SELECT (on PostgreSQL, of a ledger insert's RETURNING in the same statement).
 */
export function addToRunning(rows: string): string {
  return `INSERT INTO member_points (${RUNNING_COLUMNS}) ${rows}
     ON CONFLICT (member_id, month, entry_type) DO UPDATE SET points = member_points.points + excluded.points`;
}

/** A PostgreSQL CTE adding the rows a ledger insert CTE named `ledger` returned (RUNNING_COLUMNS). */
export function runningCte(ledger: string): string {
  return `running AS (${addToRunning(`SELECT ${RUNNING_COLUMNS} FROM ${ledger} WHERE points <> 0`)})`;
}

/** A month and entry type whose running figure is not the sum of its ledger rows. */
export interface RunningMismatch {
  memberId: number;
  month: string;
  entryType: string;
  ledger: number;
  running: number;
}

/** A ledger row's part of the figures: its member, day (YYYY-MM-DD) and type, and its points. */
export interface RunningEntry {
  memberId: number;
  entryType: string;
  points: number;
  day: string;
}

export function runningPointStore(db: Database) {
  const add = db.prepare(addToRunning('VALUES (?, ?, ?, ?, ?)'));
  // Both sides summed per member, month (and its year) and entry type; only differences come back.
  const mismatches = db.prepare(
    `SELECT member_id, month, entry_type, sum(ledger) AS ledger, sum(running) AS running FROM (
       SELECT member_id, month, year, entry_type, points AS ledger, 0 AS running FROM point_ledger
       UNION ALL
       SELECT member_id, month, year, entry_type, 0 AS ledger, points AS running FROM member_points) x
      GROUP BY member_id, month, year, entry_type HAVING sum(ledger) <> sum(running)
      ORDER BY member_id, month, entry_type`,
  );
  return {
    /**
     * Adds a ledger row's points to its running figure: call right after inserting the row, in
     * its transaction. SQLite's way; PostgreSQL's statements carry runningCte instead.
     */
    async addRunning(e: RunningEntry): Promise<void> {
      if (e.points !== 0) await add.run(e.memberId, e.day.slice(0, 7), e.day.slice(0, 4), e.entryType, e.points);
    },

    /** Where the running figures differ from the ledger's sums: none, unless a ledger write went around them. */
    async runningMismatches(): Promise<RunningMismatch[]> {
      return (await mismatches.all()).map((r) => ({
        memberId: int(r, 'member_id'), month: str(r, 'month'), entryType: str(r, 'entry_type'), ledger: int(r, 'ledger'), running: int(r, 'running'),
      }));
    },
  };
}
