/**
 * The points ledger (domain.md): every earning, spending, penalty and expiry is a row, and the
 * balance is SUM(points) of a member's rows. What the member's point read and the earning rules
 * add up is that sum kept running per member, month and entry type (member_points, kept by every
 * insert here and in earnings.ts; decision 0146); the lists read the ledger itself. Penalties and
 * spending at partner bookstores are ledger rows with their own detail rows.
 */
import type { EntryTypeName } from '#shared/contract/programme.ts';
import { isoSeoul } from '../time.ts';
import type { Database } from './db.ts';
import { ACCESS_WITH_MEMBER, toAccessWithMember, type AccessWithMember } from './tokens.ts';
import { count, int, intOrNull, listedPage, listedTotal, str, strOrNull, limits, type Limit, type Listed, type Row } from './rows.ts';
import { RUNNING_RETURNING, runningCte, runningPointStore } from './running-points.ts';

export type EntryType = EntryTypeName;

export interface LedgerRow {
  memberId: number;
  entryType: EntryType;
  activityId: number | null;
  points: number;
  reason: string;
  day: string;
  at: number;
}

export interface LedgerFilter {
  memberId: number;
  entryType: EntryType | null;
  activityType?: string | null;
  /** YYYY-MM of entry dates. */
  month?: string | null;
  from: string | null;
  to: string | null;
}

/** A ledger row with what it refers to. */
export interface LedgerEntry {
  entryId: number;
  entryType: string;
  activityType: string | null;
  activityId: number | null;
  points: number;
  reason: string;
  bookstoreName: string | null;
  bookTitle: string | null;
  /** An earning's activity date; otherwise the day of the entry. */
  entryDate: string;
  createdAt: string;
}

export interface PeriodFilter {
  memberId: number;
  from: string | null;
  to: string | null;
}

export interface PenaltyRow {
  penaltyId: number;
  activityId: number | null;
  activityType: string | null;
  points: number;
  reason: string;
  suspendedUntil: string | null;
  createdAt: string;
}

export interface PointSummaryRow {
  balance: number;
  earnedMonth: number;
  earnedYear: number;
  spent: number;
  penalty: number;
  suspendedUntil: string | null;
  unsettled: boolean;
}

function toPenalty(r: Row): PenaltyRow {
  return {
    penaltyId: int(r, 'penalty_id'),
    activityId: intOrNull(r, 'activity_id'),
    activityType: strOrNull(r, 'activity_type'),
    points: int(r, 'points'),
    reason: str(r, 'reason'),
    suspendedUntil: strOrNull(r, 'suspended_until'),
    createdAt: str(r, 'created_at'),
  };
}

/**
 * What the member's point page shows, in one statement (decision 0137): one snapshot, so no
 * transaction is needed around it. `m` is the member: a placeholder or a scalar subquery;
 * `suspendedUntil`, the member's stored suspension (read from members unless the caller has it).
 * One pass over the member's running figures (a few rows a month, decision 0146; FILTER: both
 * dialects), not one per figure. They are the first table the text names, so a trace names the
 * statement by them (traced.ts).
 */
function summarySelect(m: string, suspendedUntil = `(SELECT earning_suspended_until FROM members WHERE member_id = ${m})`): string {
  const unsettled = `CASE WHEN EXISTS (SELECT 1 FROM member_points WHERE member_id = ${m} AND year < :year GROUP BY year HAVING sum(points) > 0)
      THEN 1 ELSE 0 END`;
  return `SELECT coalesce(sum(l.points), 0) AS balance, ${unsettled} AS unsettled,
            coalesce(sum(l.points) FILTER (WHERE l.month = :month AND l.entry_type = 'earn'), 0) AS earned_month,
            coalesce(sum(l.points) FILTER (WHERE l.year = :year AND l.entry_type = 'earn'), 0) AS earned_year,
            coalesce(sum(l.points) FILTER (WHERE l.year = :year AND l.entry_type = 'spend'), 0) AS spent,
            coalesce(sum(l.points) FILTER (WHERE l.year = :year AND l.entry_type = 'penalty'), 0) AS penalty,
            ${suspendedUntil} AS suspended_until
       FROM member_points l WHERE l.member_id = ${m}`;
}

function toSummary(r: Row): PointSummaryRow {
  return {
    balance: int(r, 'balance'), earnedMonth: int(r, 'earned_month'), earnedYear: int(r, 'earned_year'), spent: int(r, 'spent'),
    penalty: int(r, 'penalty'), suspendedUntil: strOrNull(r, 'suspended_until'), unsettled: int(r, 'unsettled') === 1,
  };
}

export function pointStore(db: Database) {
  const running = runningPointStore(db);
  const balance = db.prepare('SELECT coalesce(sum(points), 0) AS n FROM member_points WHERE member_id = ?');
  const earnedMonth = db.prepare(
    "SELECT coalesce(sum(points), 0) AS n FROM point_ledger WHERE member_id = ? AND month = ? AND entry_type = 'earn'",
  );
  const earnedYear = db.prepare(
    "SELECT coalesce(sum(points), 0) AS n FROM point_ledger WHERE member_id = ? AND year = ? AND entry_type = 'earn'",
  );
  const sumInYear = db.prepare(
    'SELECT coalesce(sum(points), 0) AS n FROM point_ledger WHERE member_id = ? AND year = ? AND entry_type = ?',
  );
  // The row and its running figure: one statement on PostgreSQL, the insert then addRunning on SQLite.
  const insertRow = `INSERT INTO point_ledger (member_id, entry_type, activity_id, points, reason, day, month, year, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  const insert = db.prepare({
    sqlite: `${insertRow} RETURNING entry_id`,
    postgres: `WITH l AS (${insertRow} RETURNING entry_id, ${RUNNING_RETURNING}), ${runningCte('l')} SELECT entry_id FROM l`,
  });
  const summary = db.prepare(summarySelect(':m'));
  // The token check and the summary in one statement (decision 0137): GET /user/point is then one
  // round trip. No row when the token is unknown; the summary of a token's member even when the
  // token is revoked or expired (the guard refuses it before anyone reads it). The suspension is
  // the member row's, already in `a`.
  const summaryByToken = db.prepare(
    `WITH a AS (${ACCESS_WITH_MEMBER})
     SELECT a.*, s.* FROM a CROSS JOIN (${summarySelect('(SELECT token_member_id FROM a)', '(SELECT earning_suspended_until FROM a)')}) s`,
  );
  const unsettledYears = db.prepare(
    `SELECT year, sum(points) AS net FROM member_points
      WHERE member_id = ? AND year < ? GROUP BY year HAVING sum(points) > 0`,
  );
  // An earning is dated by its activity (the date the member did it); other entries by their day.
  const ledgerRows = `SELECT l.*, a.activity_type, CASE WHEN l.entry_type = 'earn' AND a.activity_date <> '' THEN a.activity_date ELSE l.day END AS entry_date
      FROM point_ledger l LEFT JOIN activities a ON a.activity_id = l.activity_id WHERE l.member_id = :m`;
  const ledgerWhere = `WHERE (CAST(:type AS TEXT) IS NULL OR e.entry_type = :type) AND (CAST(:activity AS TEXT) IS NULL OR e.activity_type = :activity)
    AND (CAST(:month AS TEXT) IS NULL OR substr(e.entry_date, 1, 7) = :month)
    AND (CAST(:from AS TEXT) IS NULL OR e.entry_date >= :from) AND (CAST(:to AS TEXT) IS NULL OR e.entry_date <= :to)`;
  const ledger = db.prepare(
    `SELECT e.*, bs.name AS bookstore_name, coalesce(s.book_title, p.book_title, b.title) AS book_title,
            ${listedTotal(`FROM (${ledgerRows}) e ${ledgerWhere}`)}
       FROM (${ledgerRows}) e
       LEFT JOIN activities a ON a.activity_id = e.activity_id
       LEFT JOIN books b ON b.isbn = a.isbn
       LEFT JOIN point_spends s ON s.entry_id = e.entry_id
       LEFT JOIN purchases p ON p.activity_id = e.activity_id
       LEFT JOIN bookstores bs ON bs.bookstore_id = coalesce(s.bookstore_id, p.bookstore_id)
       ${ledgerWhere} ORDER BY e.entry_date DESC, e.entry_id DESC LIMIT :limit OFFSET :offset`,
  );
  const ledgerCount = db.prepare(`SELECT count(*) AS n FROM (${ledgerRows}) e ${ledgerWhere}`);
  const penaltyWhere = `WHERE p.member_id = :m AND (CAST(:from AS TEXT) IS NULL OR substr(p.created_at, 1, 10) >= :from)
    AND (CAST(:to AS TEXT) IS NULL OR substr(p.created_at, 1, 10) <= :to)`;
  const penalties = db.prepare(
    `SELECT p.*, a.activity_type, ${listedTotal(`FROM penalties p ${penaltyWhere}`)} FROM penalties p LEFT JOIN activities a ON a.activity_id = p.activity_id
     ${penaltyWhere} ORDER BY p.created_at DESC, p.penalty_id DESC LIMIT :limit OFFSET :offset`,
  );
  const penaltyCount = db.prepare(`SELECT count(*) AS n FROM penalties p ${penaltyWhere}`);
  const insertPenalty = db.prepare(
    `INSERT INTO penalties (member_id, activity_id, entry_id, points, reason, suspended_until, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const insertSpend = db.prepare(
    'INSERT INTO point_spends (member_id, bookstore_id, entry_id, book_title, isbn, amount, spent_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );

  return {
    /** The balance, from the running figures. */
    async balance(memberId: number): Promise<number> {
      return count(await balance.get(memberId));
    },

    /** Where the running figures differ from the ledger's sums (runningPointStore). */
    runningMismatches: running.runningMismatches,

    /** Points earned (earn rows) in a month, summed from the ledger. */
    async earnedInMonth(memberId: number, month: string): Promise<number> {
      return count(await earnedMonth.get(memberId, month));
    },

    async earnedInYear(memberId: number, year: string): Promise<number> {
      return count(await earnedYear.get(memberId, year));
    },

    /** Sum of one entry type's rows in a year (≤ 0 for penalty, spend and expire). */
    async sumInYear(memberId: number, year: string, entryType: EntryType): Promise<number> {
      return count(await sumInYear.get(memberId, year, entryType));
    },

    /**
     * The balance, this month's and year's earnings, the year's spending and penalties (sums,
     * ≤ 0), the stored suspension, and whether an earlier year is left to settle: one statement.
     */
    async summary(memberId: number, month: string, year: string): Promise<PointSummaryRow> {
      const r = await summary.get({ m: memberId, month, year });
      if (!r) throw new Error('point summary returned nothing');
      return toSummary(r);
    },

    /** The access token with the hash `token` and its member, and that member's summary: one statement. */
    async summaryByToken(token: Buffer, month: string, year: string): Promise<{ access: AccessWithMember; summary: PointSummaryRow } | undefined> {
      const r = await summaryByToken.get({ token, month, year });
      return r ? { access: toAccessWithMember(r), summary: toSummary(r) } : undefined;
    },

    /** Adds a ledger row and its points to the running figures (call in a transaction). */
    async add(e: LedgerRow): Promise<number> {
      const r = await insert.get(e.memberId, e.entryType, e.activityId, e.points, e.reason, e.day, e.day.slice(0, 7), e.day.slice(0, 4), isoSeoul(e.at));
      if (!r) throw new Error('ledger insert returned nothing');
      if (db.dialect === 'sqlite') await running.addRunning(e);
      return int(r, 'entry_id');
    },

    /** Years before `year` whose rows still sum above zero, with that sum (from the running figures). */
    async unsettledYears(memberId: number, year: string): Promise<{ year: string; net: number }[]> {
      return (await unsettledYears.all(memberId, year)).map((r) => ({ year: String(r['year']), net: int(r, 'net') }));
    },

    async entries(f: LedgerFilter, page: Limit): Promise<Listed<LedgerEntry>> {
      const params = { m: f.memberId, type: f.entryType, activity: f.activityType ?? null, month: f.month ?? null, from: f.from, to: f.to };
      return listedPage(await ledger.all({ ...params, ...limits(page) }), page, () => ledgerCount.get(params), (r) => ({
        entryId: int(r, 'entry_id'),
        entryType: str(r, 'entry_type'),
        activityType: strOrNull(r, 'activity_type'),
        activityId: intOrNull(r, 'activity_id'),
        points: int(r, 'points'),
        reason: str(r, 'reason'),
        bookstoreName: strOrNull(r, 'bookstore_name'),
        bookTitle: strOrNull(r, 'book_title'),
        entryDate: str(r, 'entry_date'),
        createdAt: str(r, 'created_at'),
      }));
    },

    async penalties(f: PeriodFilter, page: Limit): Promise<Listed<PenaltyRow>> {
      const params = { m: f.memberId, from: f.from, to: f.to };
      return listedPage(await penalties.all({ ...params, ...limits(page) }), page, () => penaltyCount.get(params), toPenalty);
    },

    async addPenalty(p: { memberId: number; activityId: number; entryId: number; points: number; reason: string; suspendedUntil: string | null; at: number }): Promise<PenaltyRow> {
      const r = await insertPenalty.get(p.memberId, p.activityId, p.entryId, p.points, p.reason, p.suspendedUntil, isoSeoul(p.at));
      if (!r) throw new Error('penalty insert returned nothing');
      return toPenalty({ ...r, activity_type: null });
    },

    async addSpend(s: { memberId: number; bookstoreId: number; entryId: number; bookTitle: string; isbn: string | null; amount: number; at: number }): Promise<void> {
      await insertSpend.run(s.memberId, s.bookstoreId, s.entryId, s.bookTitle, s.isbn, s.amount, isoSeoul(s.at));
    },
  };
}

