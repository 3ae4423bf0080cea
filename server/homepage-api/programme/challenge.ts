/**
 * The 21-day challenge (domain.md "Challenge"): starting checks in day 1; one check-in a
 * Seoul day; a missed day ends the run; the configured number of consecutive days
 * completes it and earns the completion points.
 */
import { apiMessages } from '#shared/messages-api.ts';
import { conflict } from '../errors.ts';
import type { ApiSettings } from '../settings.ts';
import type { ChallengeRow } from '../store/challenges.ts';
import type { Stores } from '../store/index.ts';
import { addDays, seoulDay } from '../time.ts';
import type { WriteContext } from './activities.ts';
import { earnFields, recordActivity, type EarnResult } from './earn.ts';
import { requireParticipant } from './participant.ts';

/** A run whose last check-in is older than yesterday has ended (seen as of `today`). */
export function asOf(c: ChallengeRow, today: string): ChallengeRow {
  if (c.status === 'active' && c.lastCheckinDay < addDays(today, -1)) {
    return { ...c, status: 'ended', endedDay: addDays(c.lastCheckinDay, 1) };
  }
  return c;
}

export function challengeAnswer(c: ChallengeRow, days: number) {
  return {
    challenge_key: c.challengeId,
    status: c.status,
    started_day: c.startedDay,
    last_checkin_day: c.lastCheckinDay,
    ended_day: c.endedDay,
    streak: c.streak,
    days_total: days,
  };
}

function randomCheckinPoints(s: ApiSettings): number {
  const { checkinMin: min, checkinMax: max } = s.rules;
  return min + Math.min(max - min, Math.floor(s.random() * (max - min + 1)));
}

/** Persists the end of a run that missed a day. */
async function endIfMissed(stores: Stores, c: ChallengeRow, today: string): Promise<ChallengeRow> {
  const seen = asOf(c, today);
  if (seen.status === 'ended' && c.status === 'active') await stores.challenges.end(c.challengeId, seen.endedDay);
  return seen;
}

/** One check-in (day `dayNo` of the run), and the completion when it is the last day. */
async function checkIn(stores: Stores, s: ApiSettings, memberId: number, c: ChallengeRow, today: string, dayNo: number) {
  const checkin: EarnResult = await recordActivity(stores, s, { memberId, type: 'checkin', points: randomCheckinPoints(s) });
  await stores.challenges.addCheckin(checkin.activityId, { challengeId: c.challengeId, memberId, day: today, dayNo });
  const completed = dayNo >= s.rules.challengeDays;
  const updated: ChallengeRow = { ...c, lastCheckinDay: today, streak: dayNo, status: completed ? 'completed' : 'active', endedDay: completed ? today : null };
  await stores.challenges.save(updated);
  let bonus: EarnResult | undefined;
  if (completed) bonus = await recordActivity(stores, s, { memberId, type: 'challenge' });
  const msg =
    bonus && bonus.points > 0
      ? apiMessages.challenge.completed(s.rules.challengeDays, bonus.points)
      : checkin.points > 0
        ? apiMessages.challenge.checkedIn(dayNo, checkin.points)
        : checkin.msg;
  return {
    result: 'success' as const,
    ...earnFields(checkin),
    msg,
    balance: await stores.points.balance(memberId),
    day_no: dayNo,
    completed_yn: completed ? ('Y' as const) : ('N' as const),
    bonus_points: bonus?.points ?? 0,
    challenge: challengeAnswer(updated, s.rules.challengeDays),
  };
}

/** The member's current run (as of today), its check-ins and the last runs. */
export async function attendance(stores: Stores, s: ApiSettings, memberId: number) {
  const today = seoulDay(s.clock());
  const last = await stores.challenges.latest(memberId);
  const current = last ? asOf(last, today) : undefined;
  return {
    result: 'success' as const,
    today,
    checked_in_today: await stores.challenges.checkedInOn(memberId, today) ? ('Y' as const) : ('N' as const),
    challenge: current
      ? { ...challengeAnswer(current, s.rules.challengeDays), checkins: await stores.challenges.checkins(current.challengeId) }
      : null,
    history: (await stores.challenges.history(memberId)).map((c) => challengeAnswer(asOf(c, today), s.rules.challengeDays)),
  };
}

export async function startChallenge({ stores, settings, member }: WriteContext) {
  const now = settings.clock();
  requireParticipant(member, now);
  const today = seoulDay(now);
  return await stores.forMembers([member.memberId], async () => {
    const active = await stores.challenges.active(member.memberId);
    if (active && (await endIfMissed(stores, active, today)).status === 'active') throw conflict(apiMessages.challenge.alreadyActive);
    if (await stores.challenges.checkedInOn(member.memberId, today)) throw conflict(apiMessages.challenge.alreadyCheckedIn);
    return await checkIn(stores, settings, member.memberId, await stores.challenges.start(member.memberId, today), today, 1);
  });
}

export async function checkInToday({ stores, settings, member }: WriteContext) {
  const now = settings.clock();
  requireParticipant(member, now);
  const today = seoulDay(now);
  const outcome = await stores.forMembers([member.memberId], async () => {
    const active = await stores.challenges.active(member.memberId);
    if (!active) return 'none' as const;
    const c = await endIfMissed(stores, active, today);
    if (c.status === 'ended') return 'missed' as const; // committed: the run is over
    if (c.lastCheckinDay === today) return 'again' as const;
    return await checkIn(stores, settings, member.memberId, c, today, c.streak + 1);
  });
  if (outcome === 'none') throw conflict(apiMessages.challenge.notActive);
  if (outcome === 'missed') throw conflict(apiMessages.challenge.missedDay);
  if (outcome === 'again') throw conflict(apiMessages.challenge.alreadyCheckedIn);
  return outcome;
}
