/**
 * Recording an activity and what it earns (domain.md "Earning"), always inside the
 * caller's transaction so the checks and the writes are one unit:
 *   one a day (where the rule says so) → suspension → limit per activity per month →
 *   monthly cap → yearly cap. Over any of them the activity is recorded with 0 points
 *   and the answer says why. An activity whose points would take the month or year
 *   past its cap earns 0 (not a part) — decision 0102.
 */
import type { NewDiary } from '../store/activities.ts';
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
  /** A diary: its row is written with the activity's (EarnResult.diaryAdded). */
  diary?: NewDiary;
  /**
   * The caller's own checks under the same lock (the write's rate, the book): they run with the
   * rules' reads, in one round trip on PostgreSQL (decision 0137); if they fail, nothing is written.
   */
  alongside?: Promise<unknown>;
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
  /** With `diary`: false when the member already has that diary (nothing inserted: roll back). */
  diaryAdded: boolean;
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
  const { activities } = stores;
  const now = s.clock();
  const day = seoulDay(now);
  const year = day.slice(0, 4);
  // The member's row lock (already held when the caller took it): the checks below see every
  // earlier write of this member, on any instance, and none lands between them and the insert.
  // What the rules read comes in one statement, issued behind the lock (decision 0137).
  const read = () => activities.earningState(req.memberId, req.type, day);
  let [, state] = await Promise.all([stores.members.lock(req.memberId), read(), req.alongside]);
  if (state.unsettled) {
    await settleExpiry(stores, req.memberId, year);
    state = await read();
  }

  const rule = s.rules.activities[req.type];
  const first = rule.firstPoints !== undefined && !state.recordedOfType;
  const base = req.points ?? (first && rule.firstPoints !== undefined ? rule.firstPoints : rule.points);
  const suspendedUntil = state.suspendedUntil;

  let reason: PointReason = first ? 'first_activity' : 'awarded';
  if (req.oncePerDay && state.recordedOnDay) {
    reason = 'daily_limit';
  } else if (suspendedUntil !== null && suspendedUntil >= day) {
    reason = 'suspended';
  } else if (rule.monthlyLimit !== null && state.earnedCountMonth >= rule.monthlyLimit) {
    reason = 'activity_limit';
  } else if (state.earnedMonth + base > s.rules.monthlyCap) {
    reason = 'monthly_cap';
  } else if (state.earnedYear + base > s.rules.yearlyCap) {
    reason = 'yearly_cap';
  }
  const points = reason === 'awarded' || reason === 'first_activity' ? base : 0;

  // The activity, its ledger row and a diary's row (one statement on PostgreSQL).
  const { activityId, diaryAdded } = await activities.addEarned({
    memberId: req.memberId, type: req.type, isbn: req.isbn ?? null, points, reason, day, at: now, ...(req.activityDate ? { activityDate: req.activityDate } : {}),
  }, req.diary);
  return {
    activityId,
    activityType: req.type,
    activityDate: req.activityDate ?? day,
    points,
    reason,
    msg: reasonMessage(reason, req.type, points, s, suspendedUntil),
    // Under the member's lock nothing else wrote since the state was read: the new row is all
    // that changed (its month is this month's).
    balance: state.balance + points,
    monthlyLimit: rule.monthlyLimit,
    earnedCountMonth: state.earnedCountMonth + (points > 0 ? 1 : 0),
    diaryAdded,
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
