/**
 * Recording an activity and what it earns (domain.md "Earning"), always inside the
 * caller's transaction so the checks and the writes are one unit:
 *   one a day (where the rule says so) → suspension → limit per activity per month →
 *   monthly cap → yearly cap. Over any of them the activity is recorded with 0 points
 *   and the answer says why. An activity whose points would take the month or year
 *   past its cap earns 0 (not a part) — decision 0102.
 */
import type { Stores } from '../store/index.ts';
import type { ApiSettings } from '../settings.ts';
import type { ActivityType, PointReason } from '#shared/contract/points.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import { seoulDay } from '../time.ts';
import { settleExpiry } from './ledger.ts';

export interface EarnRequest {
  memberId: number;
  type: ActivityType;
  isbn?: string | null;
  /** Points before the rules apply; default: the rule's points (first-ever points when the rule has them). */
  points?: number;
  /** At most one activity of this type a day earns points (book diary). */
  oncePerDay?: boolean;
  /** The date the member did it, when not today (loan, purchase, meeting, completed course). */
  activityDate?: string;
}

export interface EarnResult {
  activityId: number;
  activityType: ActivityType;
  /** The date the member did it (the activity row's activity_date). */
  activityDate: string;
  points: number;
  reason: PointReason;
  msg: string;
  balance: number;
  monthlyLimit: number | null;
  /** Activities of this type that earned points this month, this one included. */
  earnedCountMonth: number;
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

/** Records the activity and its ledger entry. Call inside a transaction. */
export async function recordActivity(stores: Stores, s: ApiSettings, req: EarnRequest): Promise<EarnResult> {
  const { activities, members, points: ledger } = stores;
  const now = s.clock();
  const day = seoulDay(now);
  const month = day.slice(0, 7);
  const year = day.slice(0, 4);
  // The member's row lock (already held when the caller took it): the checks below see every
  // earlier write of this member, on any instance, and none lands between them and the insert.
  await stores.members.lock(req.memberId);
  await settleExpiry(stores, req.memberId, year);

  const rule = s.rules.activities[req.type];
  const first = rule.firstPoints !== undefined && await activities.countOfType(req.memberId, req.type) === 0;
  const base = req.points ?? (first && rule.firstPoints !== undefined ? rule.firstPoints : rule.points);
  const suspendedUntil = await members.suspendedUntil(req.memberId);

  let reason: PointReason = first ? 'first_activity' : 'awarded';
  if (req.oncePerDay && await activities.countOnDay(req.memberId, req.type, day) > 0) {
    reason = 'daily_limit';
  } else if (suspendedUntil !== null && suspendedUntil >= day) {
    reason = 'suspended';
  } else if (rule.monthlyLimit !== null && await activities.earnedCountInMonth(req.memberId, req.type, month) >= rule.monthlyLimit) {
    reason = 'activity_limit';
  } else if (await ledger.earnedInMonth(req.memberId, month) + base > s.rules.monthlyCap) {
    reason = 'monthly_cap';
  } else if (await ledger.earnedInYear(req.memberId, year) + base > s.rules.yearlyCap) {
    reason = 'yearly_cap';
  }
  const points = reason === 'awarded' || reason === 'first_activity' ? base : 0;

  const activityId = await activities.add({
    memberId: req.memberId, type: req.type, isbn: req.isbn ?? null, points, reason, day, at: now, ...(req.activityDate ? { activityDate: req.activityDate } : {}),
  });
  await ledger.add({ memberId: req.memberId, entryType: 'earn', activityId, points, reason, day, at: now });
  return {
    activityId,
    activityType: req.type,
    activityDate: req.activityDate ?? day,
    points,
    reason,
    msg: reasonMessage(reason, req.type, points, s, suspendedUntil),
    balance: await ledger.balance(req.memberId),
    monthlyLimit: rule.monthlyLimit,
    earnedCountMonth: await activities.earnedCountInMonth(req.memberId, req.type, month),
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
    monthly_limit: r.monthlyLimit,
    earned_count_month: r.earnedCountMonth,
  };
}
