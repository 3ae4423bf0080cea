/**
 * Recording an activity and what it earns (domain.md "Earning"), always inside the
 * caller's transaction so the checks and the writes are one unit:
 *   one a day (where the rule says so) → limit per activity per month → suspension →
 *   monthly cap → yearly cap. Over any of them the activity is recorded with 0 points
 *   and the answer says why. An activity whose points would take the month or year
 *   past its cap earns 0 (not a part) — decision 0102.
 */
import type { Database } from '../store/db.ts';
import { int, strOrNull } from '../store/rows.ts';
import type { ActivityType, ApiSettings } from '../settings.ts';
import type { PointReason } from '#shared/contract/points.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import { isoSeoul, seoulDay } from '../time.ts';
import { addLedger, balanceOf, earnedInMonth, earnedInYear, settleExpiry } from './ledger.ts';

export interface EarnRequest {
  memberId: number;
  type: ActivityType;
  isbn?: string | null;
  /** Points before the rules apply; default: the rule's points (first-ever points when the rule has them). */
  points?: number;
  /** At most one activity of this type a day earns points (book diary). */
  oncePerDay?: boolean;
}

export interface EarnResult {
  activityId: number;
  activityType: ActivityType;
  points: number;
  reason: PointReason;
  msg: string;
  balance: number;
}

export function reasonMessage(reason: PointReason, type: ActivityType, points: number, s: ApiSettings, until?: string | null): string {
  const rule = s.rules.activities[type];
  switch (reason) {
    case 'awarded':
      return apiMessages.points.awarded(points);
    case 'first_activity':
      return type === 'diary' ? apiMessages.points.firstDiary(points) : apiMessages.points.awarded(points);
    case 'daily_limit':
      return apiMessages.points.dailyLimit(activityNames[type]);
    case 'activity_limit':
      return apiMessages.points.activityLimit(activityNames[type], rule.monthlyLimit ?? 0);
    case 'monthly_cap':
      return apiMessages.points.monthlyCap(s.rules.monthlyCap);
    case 'yearly_cap':
      return apiMessages.points.yearlyCap(s.rules.yearlyCap);
    case 'suspended':
      return until ? apiMessages.points.suspended(until) : apiMessages.points.noPoints;
  }
}

/** Records the activity and its ledger entry. Call inside transaction(). */
export function recordActivity(db: Database, s: ApiSettings, req: EarnRequest): EarnResult {
  const now = s.clock();
  const day = seoulDay(now);
  const month = day.slice(0, 7);
  const year = day.slice(0, 4);
  settleExpiry(db, req.memberId, year);

  const rule = s.rules.activities[req.type];
  const count = (sql: string, ...p: (string | number)[]) => int(db.prepare(sql).get(...p) ?? { n: 0 }, 'n');
  const first =
    rule.firstPoints !== undefined &&
    count('SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ?', req.memberId, req.type) === 0;
  const base = req.points ?? (first && rule.firstPoints !== undefined ? rule.firstPoints : rule.points);
  const suspendedUntil = strOrNull(
    db.prepare('SELECT earning_suspended_until FROM members WHERE member_id = ?').get(req.memberId) ?? {},
    'earning_suspended_until',
  );

  let reason: PointReason = first ? 'first_activity' : 'awarded';
  if (
    req.oncePerDay &&
    count('SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ? AND day = ?', req.memberId, req.type, day) > 0
  ) {
    reason = 'daily_limit';
  } else if (suspendedUntil !== null && suspendedUntil >= day) {
    reason = 'suspended';
  } else if (
    rule.monthlyLimit !== null &&
    count(
      'SELECT count(*) AS n FROM activities WHERE member_id = ? AND activity_type = ? AND month = ? AND points > 0',
      req.memberId, req.type, month,
    ) >= rule.monthlyLimit
  ) {
    reason = 'activity_limit';
  } else if (earnedInMonth(db, req.memberId, month) + base > s.rules.monthlyCap) {
    reason = 'monthly_cap';
  } else if (earnedInYear(db, req.memberId, year) + base > s.rules.yearlyCap) {
    reason = 'yearly_cap';
  }
  const points = reason === 'awarded' || reason === 'first_activity' ? base : 0;

  const act = db
    .prepare(
      `INSERT INTO activities (member_id, activity_type, isbn, points, point_reason, day, month, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING activity_id`,
    )
    .get(req.memberId, req.type, req.isbn ?? null, points, reason, day, month, isoSeoul(now));
  if (!act) throw new Error('activity insert returned nothing');
  const activityId = int(act, 'activity_id');
  addLedger(db, { memberId: req.memberId, entryType: 'earn', activityId, points, reason, day, at: now });
  return {
    activityId,
    activityType: req.type,
    points,
    reason,
    msg: reasonMessage(reason, req.type, points, s, suspendedUntil),
    balance: balanceOf(db, req.memberId),
  };
}

/** The answer fields of a write that earned (or did not earn) points. */
export function earnFields(r: EarnResult) {
  return {
    activity_key: r.activityId,
    activity_type: r.activityType,
    points: r.points,
    point_reason: r.reason,
    msg: r.msg,
    balance: r.balance,
  };
}
