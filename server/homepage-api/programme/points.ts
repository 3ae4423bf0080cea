/**
 * Points as the member reads them (docs/product.md §7 /user/point, /user/point/list, /user/penalty/list)
 * and the administrators' penalty (domain.md "Penalties": claw back, optionally suspend).
 */
import type { PenaltyBody } from '#shared/contract/points.ts';
import { ENTRY_TYPES } from '#shared/contract/programme.ts';
import { ACTIVITY_TYPES, POINT_REASONS, type Penalty, type PointEntry } from '#shared/contract/points.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import { conflict, notFound } from '../errors.ts';
import type { ApiSettings } from '../settings.ts';
import type { Stores } from '../store/index.ts';
import type { LedgerEntry, PenaltyRow, PointSummaryRow } from '../store/points.ts';
import type { AccessWithMember } from '../store/tokens.ts';
import { addDays, seoulDay } from '../time.ts';
import { reasonMessage } from './earn.ts';
import { settleExpiry } from './ledger.ts';


function known<T extends string>(list: readonly T[], v: string | null): T | null {
  return list.find((x) => x === v) ?? null;
}

function must<T extends string>(list: readonly T[], v: string): T {
  const found = known(list, v);
  if (found === null) throw new TypeError(`unexpected value ${v}`);
  return found;
}

/** The summary as read on `day` (Seoul): by the handler, or with the token check (read below). */
export interface SummaryRead {
  day: string;
  summary: PointSummaryRow;
}

/**
 * The summary of the member of an access token, read with the token check in one statement
 * (decision 0137): the route's TokenJoin (auth/guard.ts). Undefined when the token is unknown.
 */
export async function summaryWithToken(stores: Stores, s: ApiSettings, tokenHash: Buffer): Promise<{ access: AccessWithMember; value: SummaryRead } | undefined> {
  const day = seoulDay(s.clock());
  const found = await stores.points.summaryByToken(tokenHash, day.slice(0, 7), day.slice(0, 4));
  return found && { access: found.access, value: { day, summary: found.summary } };
}

/**
 * Balance, this month's and year's earnings and room under the caps; settles expiry first.
 * `first`: the summary the guard already read with the token (summaryWithToken), if it did.
 */
export async function pointSummary(stores: Stores, s: ApiSettings, memberId: number, first?: SummaryRead) {
  const day = first?.day ?? seoulDay(s.clock());
  const month = day.slice(0, 7);
  const year = day.slice(0, 4);
  // A read, in one statement (decision 0137); the member's lock (a write) only when an earlier
  // year is left to settle, and then read again.
  let r = first?.summary ?? (await stores.points.summary(memberId, month, year));
  if (r.unsettled) {
    await stores.forMembers([memberId], () => settleExpiry(stores, memberId, year));
    r = await stores.points.summary(memberId, month, year);
  }
  const { balance, earnedMonth, earnedYear, suspendedUntil: suspended } = r;
  const { monthlyCap, yearlyCap } = s.rules;
  return {
    balance,
    month,
    year,
    earned_month: earnedMonth,
    earned_year: earnedYear,
    monthly_cap: monthlyCap,
    yearly_cap: yearlyCap,
    remaining_month: Math.max(0, Math.min(monthlyCap - earnedMonth, yearlyCap - earnedYear)),
    remaining_year: Math.max(0, yearlyCap - earnedYear),
    spent_total: -r.spent,
    penalty_total: -r.penalty,
    expiring_points: Math.max(0, balance),
    expire_date: `${year}-12-31`,
    earning_suspended_until: suspended !== null && suspended >= day ? suspended : null,
  };
}

/** A ledger row as the point list shows it, with a Korean description. */
export function pointEntry(e: LedgerEntry, s: ApiSettings): PointEntry {
  const entryType = must(ENTRY_TYPES, e.entryType);
  const activityType = e.activityType === null ? null : must(ACTIVITY_TYPES, e.activityType);
  const reason = known(POINT_REASONS, e.reason);
  const description =
    entryType === 'earn' && activityType && reason
      ? `${activityNames[activityType]} · ${reasonMessage(reason, activityType, e.points, s)}`
      : entryType === 'spend'
        ? apiMessages.ledger.spend(e.bookstoreName ?? '')
        : e.reason;
  return {
    entry_key: e.entryId,
    entry_type: entryType,
    activity_type: activityType,
    activity_key: e.activityId,
    points: e.points,
    reason: e.reason,
    description,
    bookstore_name: e.bookstoreName,
    book_title: e.bookTitle,
    entry_date: e.entryDate,
    reg_date: e.createdAt,
  };
}

export function penaltyAnswer(p: PenaltyRow): Penalty {
  return {
    penalty_key: p.penaltyId,
    activity_key: p.activityId,
    activity_type: p.activityType === null ? null : must(ACTIVITY_TYPES, p.activityType),
    points: p.points,
    reason: p.reason,
    suspended_until: p.suspendedUntil,
    reg_date: p.createdAt,
  };
}

/** Claws back an activity's points (a negative ledger row), revokes it, optionally suspends earning. */
export async function recordPenalty(stores: Stores, s: ApiSettings, b: PenaltyBody): Promise<Penalty> {
  const now = s.clock();
  const today = seoulDay(now);
  const found = await stores.activities.byId(b.activity_key);
  if (!found) throw notFound(apiMessages.activity.notFound);
  return await stores.forMembers([found.memberId], async () => {
    // Read again under the member's lock: a penalty recorded meanwhile is seen.
    const a = await stores.activities.byId(b.activity_key);
    if (!a) throw notFound(apiMessages.activity.notFound);
    if (a.status === 'revoked') throw conflict(apiMessages.admin.alreadyPenalised);
    await settleExpiry(stores, a.memberId, today.slice(0, 4));
    const entryId = await stores.points.add({
      memberId: a.memberId, entryType: 'penalty', activityId: a.activityId, points: -a.points,
      reason: apiMessages.ledger.penalty(b.reason), day: today, at: now,
    });
    await stores.activities.revoke(a.activityId);
    const days = b.suspend_days ?? 0;
    const until = days > 0 ? addDays(today, days - 1) : null;
    if (until) await stores.members.suspendUntil(a.memberId, until);
    const p = await stores.points.addPenalty({
      memberId: a.memberId, activityId: a.activityId, entryId, points: -a.points, reason: b.reason, suspendedUntil: until, at: now,
    });
    return penaltyAnswer({ ...p, activityType: a.type });
  });
}
