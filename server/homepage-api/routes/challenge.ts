/**
 * The 21-day challenge (domain.md "Challenge"): starting checks in day 1; one check-in a
 * Seoul day; a missed day ends the run; the configured number of consecutive days
 * completes it and earns the completion points. Spec §7: GET /activity/getuserattendancecheck.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AttendanceAnswer, CheckinAnswer } from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf, requireMember } from '../auth/guard.ts';
import { conflict, errorAnswers } from '../errors.ts';
import { earnFields, recordActivity, type EarnResult } from '../programme/earn.ts';
import { balanceOf } from '../programme/ledger.ts';
import { requireParticipant } from '../programme/participant.ts';
import type { ApiSettings } from '../settings.ts';
import { transaction, type Database } from '../store/db.ts';
import { int, oneOf, str, strOrNull, type Row } from '../store/rows.ts';
import { addDays, seoulDay } from '../time.ts';
import { BEARER } from './common.ts';

const STATUSES = ['active', 'completed', 'ended'] as const;

interface ChallengeRow {
  challengeId: number;
  status: (typeof STATUSES)[number];
  startedDay: string;
  lastCheckinDay: string;
  endedDay: string | null;
  streak: number;
}

function toChallenge(r: Row): ChallengeRow {
  return {
    challengeId: int(r, 'challenge_id'),
    status: oneOf(r, 'status', STATUSES),
    startedDay: str(r, 'started_day'),
    lastCheckinDay: str(r, 'last_checkin_day'),
    endedDay: strOrNull(r, 'ended_day'),
    streak: int(r, 'streak'),
  };
}

/** A run whose last check-in is older than yesterday has ended (seen as of `today`). */
function asOf(c: ChallengeRow, today: string): ChallengeRow {
  if (c.status === 'active' && c.lastCheckinDay < addDays(today, -1)) {
    return { ...c, status: 'ended', endedDay: addDays(c.lastCheckinDay, 1) };
  }
  return c;
}

function answerChallenge(c: ChallengeRow, days: number) {
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
function endIfMissed(db: Database, c: ChallengeRow, today: string): ChallengeRow {
  const seen = asOf(c, today);
  if (seen.status === 'ended' && c.status === 'active') {
    db.prepare("UPDATE challenges SET status = 'ended', ended_day = ? WHERE challenge_id = ?").run(seen.endedDay, c.challengeId);
  }
  return seen;
}

/** One check-in (day `dayNo` of the run), and the completion when it is the last day. */
function checkIn(db: Database, s: ApiSettings, memberId: number, c: ChallengeRow, today: string, dayNo: number) {
  const checkin: EarnResult = recordActivity(db, s, { memberId, type: 'checkin', points: randomCheckinPoints(s) });
  db.prepare('INSERT INTO challenge_checkins (activity_id, challenge_id, member_id, day, day_no) VALUES (?, ?, ?, ?, ?)').run(
    checkin.activityId, c.challengeId, memberId, today, dayNo,
  );
  const completed = dayNo >= s.rules.challengeDays;
  db.prepare('UPDATE challenges SET last_checkin_day = ?, streak = ?, status = ?, ended_day = ? WHERE challenge_id = ?').run(
    today, dayNo, completed ? 'completed' : 'active', completed ? today : null, c.challengeId,
  );
  let bonus: EarnResult | undefined;
  if (completed) bonus = recordActivity(db, s, { memberId, type: 'challenge' });
  const updated: ChallengeRow = { ...c, lastCheckinDay: today, streak: dayNo, status: completed ? 'completed' : 'active', endedDay: completed ? today : null };
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
    balance: balanceOf(db, memberId),
    day_no: dayNo,
    completed_yn: completed ? ('Y' as const) : ('N' as const),
    bonus_points: bonus?.points ?? 0,
    challenge: answerChallenge(updated, s.rules.challengeDays),
  };
}

export const challengeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, settings } = app;
  const latest = db.prepare('SELECT * FROM challenges WHERE member_id = ? ORDER BY challenge_id DESC LIMIT 1');
  const activeOf = db.prepare("SELECT * FROM challenges WHERE member_id = ? AND status = 'active'");
  const checkedToday = db.prepare('SELECT 1 FROM challenge_checkins WHERE member_id = ? AND day = ?');
  const writeErrors = errorAnswers(400, 401, 403, 409);

  app.get(
    '/activity/getuserattendancecheck',
    {
      preHandler: requireMember,
      schema: {
        tags: ['challenge'],
        summary: '21일 챌린지 출석 현황: 진행 중인 챌린지, 출석한 날, 지난 기록',
        security: BEARER,
        response: { 200: AttendanceAnswer, ...errorAnswers(401, 403) },
      },
    },
    (req) => {
      const m = memberOf(req);
      const today = seoulDay(settings.clock());
      const last = latest.get(m.memberId);
      const current = last ? asOf(toChallenge(last), today) : undefined;
      const history = db
        .prepare('SELECT * FROM challenges WHERE member_id = ? ORDER BY challenge_id DESC LIMIT 20')
        .all(m.memberId)
        .map((r) => answerChallenge(asOf(toChallenge(r), today), settings.rules.challengeDays));
      return {
        result: 'success' as const,
        today,
        checked_in_today: checkedToday.get(m.memberId, today) ? ('Y' as const) : ('N' as const),
        challenge: current
          ? {
              ...answerChallenge(current, settings.rules.challengeDays),
              checkins: db
                .prepare(
                  `SELECT c.day, c.day_no, a.points FROM challenge_checkins c JOIN activities a USING (activity_id)
                    WHERE c.challenge_id = ? ORDER BY c.day`,
                )
                .all(current.challengeId)
                .map((r) => ({ day: str(r, 'day'), day_no: int(r, 'day_no'), points: int(r, 'points') })),
            }
          : null,
        history,
      };
    },
  );

  app.post(
    '/challenge/start',
    {
      preHandler: requireMember,
      schema: {
        tags: ['challenge'],
        summary: '21일 챌린지 시작 (오늘 1일째 출석 포함)',
        security: BEARER,
        response: { 200: CheckinAnswer, ...writeErrors },
      },
    },
    (req) => {
      const now = settings.clock();
      const m = memberOf(req);
      requireParticipant(m, now);
      const today = seoulDay(now);
      return transaction(db, () => {
        const active = activeOf.get(m.memberId);
        if (active && endIfMissed(db, toChallenge(active), today).status === 'active') {
          throw conflict(apiMessages.challenge.alreadyActive);
        }
        if (checkedToday.get(m.memberId, today)) throw conflict(apiMessages.challenge.alreadyCheckedIn);
        const row = db
          .prepare(
            `INSERT INTO challenges (member_id, status, started_day, last_checkin_day, streak)
             VALUES (?, 'active', ?, ?, 0) RETURNING *`,
          )
          .get(m.memberId, today, today);
        if (!row) throw new Error('challenge insert returned nothing');
        return checkIn(db, settings, m.memberId, toChallenge(row), today, 1);
      });
    },
  );

  app.post(
    '/challenge/checkin',
    {
      preHandler: requireMember,
      schema: {
        tags: ['challenge'],
        summary: '오늘의 출석 (하루 1회, 10~50포인트; 21일째 완주 500포인트)',
        security: BEARER,
        response: { 200: CheckinAnswer, ...writeErrors },
      },
    },
    (req) => {
      const now = settings.clock();
      const m = memberOf(req);
      requireParticipant(m, now);
      const today = seoulDay(now);
      const outcome = transaction(db, () => {
        const active = activeOf.get(m.memberId);
        if (!active) return 'none' as const;
        const c = endIfMissed(db, toChallenge(active), today);
        if (c.status === 'ended') return 'missed' as const; // committed: the run is over
        if (c.lastCheckinDay === today) return 'again' as const;
        return checkIn(db, settings, m.memberId, c, today, c.streak + 1);
      });
      if (outcome === 'none') throw conflict(apiMessages.challenge.notActive);
      if (outcome === 'missed') throw conflict(apiMessages.challenge.missedDay);
      if (outcome === 'again') throw conflict(apiMessages.challenge.alreadyCheckedIn);
      return outcome;
    },
  );
};
