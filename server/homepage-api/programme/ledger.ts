/**
 * The points ledger (domain.md). The balance is always SUM(points) of a member's rows;
 * nothing else stores a balance. Caps count what was earned (earn rows), so clawed-back
 * points do not make room under a cap again (decision 0102).
 */
import type { Database } from '../store/db.ts';
import { int } from '../store/rows.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { isoSeoul } from '../time.ts';

export function balanceOf(db: Database, memberId: number): number {
  return int(db.prepare('SELECT coalesce(sum(points), 0) AS n FROM point_ledger WHERE member_id = ?').get(memberId) ?? { n: 0 }, 'n');
}

export function earnedInMonth(db: Database, memberId: number, month: string): number {
  const r = db
    .prepare("SELECT coalesce(sum(points), 0) AS n FROM point_ledger WHERE member_id = ? AND month = ? AND entry_type = 'earn'")
    .get(memberId, month);
  return r ? int(r, 'n') : 0;
}

export function earnedInYear(db: Database, memberId: number, year: string): number {
  const r = db
    .prepare("SELECT coalesce(sum(points), 0) AS n FROM point_ledger WHERE member_id = ? AND year = ? AND entry_type = 'earn'")
    .get(memberId, year);
  return r ? int(r, 'n') : 0;
}

export interface LedgerRow {
  memberId: number;
  entryType: 'earn' | 'penalty' | 'spend' | 'expire';
  activityId: number | null;
  points: number;
  reason: string;
  day: string;
  at: number;
}

export function addLedger(db: Database, e: LedgerRow): number {
  const r = db
    .prepare(
      `INSERT INTO point_ledger (member_id, entry_type, activity_id, points, reason, day, month, year, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING entry_id`,
    )
    .get(e.memberId, e.entryType, e.activityId, e.points, e.reason, e.day, e.day.slice(0, 7), e.day.slice(0, 4), isoSeoul(e.at));
  if (!r) throw new Error('ledger insert returned nothing');
  return int(r, 'entry_id');
}

/**
 * Points expire at the end of the programme year (domain.md "Spending"). Lazily, inside
 * a write transaction: every earlier year whose entries still sum above zero gets an
 * expire entry dated its 31 December, so that year nets to zero.
 */
export function settleExpiry(db: Database, memberId: number, currentYear: string): void {
  const years = db
    .prepare(
      `SELECT year, sum(points) AS net FROM point_ledger
        WHERE member_id = ? AND year < ? GROUP BY year HAVING sum(points) > 0`,
    )
    .all(memberId, currentYear);
  for (const y of years) {
    const year = String(y['year']);
    const net = int(y, 'net');
    const day = `${year}-12-31`;
    addLedger(db, {
      memberId, entryType: 'expire', activityId: null, points: -net, reason: apiMessages.ledger.expire(year), day,
      at: Date.parse(`${day}T23:59:59+09:00`),
    });
  }
}
