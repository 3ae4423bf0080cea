/** The 21-day challenge (domain.md "Challenge"): runs and their daily check-ins. */
import type { Database } from './db.ts';
import { int, oneOf, str, strOrNull, type Row } from './rows.ts';

const STATUSES = ['active', 'completed', 'ended'] as const;
export type ChallengeStatus = (typeof STATUSES)[number];

export interface ChallengeRow {
  challengeId: number;
  status: ChallengeStatus;
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

export function challengeStore(db: Database) {
  const latest = db.prepare('SELECT * FROM challenges WHERE member_id = ? ORDER BY challenge_id DESC LIMIT 1');
  const active = db.prepare("SELECT * FROM challenges WHERE member_id = ? AND status = 'active'");
  const history = db.prepare('SELECT * FROM challenges WHERE member_id = ? ORDER BY challenge_id DESC LIMIT 20');
  const checkedOn = db.prepare('SELECT 1 FROM challenge_checkins WHERE member_id = ? AND day = ?');
  const checkins = db.prepare(
    `SELECT c.day, c.day_no, a.points FROM challenge_checkins c JOIN activities a USING (activity_id)
      WHERE c.challenge_id = ? ORDER BY c.day`,
  );
  const start = db.prepare(
    `INSERT INTO challenges (member_id, status, started_day, last_checkin_day, streak)
     VALUES (?, 'active', ?, ?, 0) RETURNING *`,
  );
  const end = db.prepare("UPDATE challenges SET status = 'ended', ended_day = ? WHERE challenge_id = ?");
  const addCheckin = db.prepare('INSERT INTO challenge_checkins (activity_id, challenge_id, member_id, day, day_no) VALUES (?, ?, ?, ?, ?)');
  const update = db.prepare('UPDATE challenges SET last_checkin_day = ?, streak = ?, status = ?, ended_day = ? WHERE challenge_id = ?');

  return {
    async latest(memberId: number): Promise<ChallengeRow | undefined> {
      const r = await latest.get(memberId);
      return r ? toChallenge(r) : undefined;
    },

    async active(memberId: number): Promise<ChallengeRow | undefined> {
      const r = await active.get(memberId);
      return r ? toChallenge(r) : undefined;
    },

    /** The member's last 20 runs, newest first. */
    async history(memberId: number): Promise<ChallengeRow[]> {
      return (await history.all(memberId)).map(toChallenge);
    },

    async checkedInOn(memberId: number, day: string): Promise<boolean> {
      return await checkedOn.get(memberId, day) !== undefined;
    },

    async checkins(challengeId: number): Promise<{ day: string; day_no: number; points: number }[]> {
      return (await checkins.all(challengeId)).map((r) => ({ day: str(r, 'day'), day_no: int(r, 'day_no'), points: int(r, 'points') }));
    },

    /** A new active run starting (and last checked in) on `day`, streak 0. */
    async start(memberId: number, day: string): Promise<ChallengeRow> {
      const r = await start.get(memberId, day, day);
      if (!r) throw new Error('challenge insert returned nothing');
      return toChallenge(r);
    },

    async end(challengeId: number, endedDay: string | null): Promise<void> {
      await end.run(endedDay, challengeId);
    },

    async addCheckin(activityId: number, c: { challengeId: number; memberId: number; day: string; dayNo: number }): Promise<void> {
      await addCheckin.run(activityId, c.challengeId, c.memberId, c.day, c.dayNo);
    },

    /** Records the state of a run after a check-in. */
    async save(c: ChallengeRow): Promise<void> {
      await update.run(c.lastCheckinDay, c.streak, c.status, c.endedDay, c.challengeId);
    },
  };
}

