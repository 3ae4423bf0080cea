/**
 * Web Push (decisions 0110, 0111): the member's push state and subscription, the members a
 * reminder is due to, and the send log that claims each reminder once.
 */
import { isoSeoul } from '../time.ts';
import type { Database } from './db.ts';
import { int, oneOf, str, strOrNull, yn, type Row } from './rows.ts';

export const PERMISSIONS = ['default', 'granted', 'denied'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const REMINDER_KINDS = ['challenge', 'points_expiring', 'club_meeting'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export type Remind = Record<ReminderKind, 'Y' | 'N'>;

export interface PushStateRow {
  permission: Permission;
  reminderHour: number;
  remind: Remind;
  updatedAt: string;
  /** The stored subscription's endpoint (the spec's fcm_token), or null. */
  endpoint: string | null;
}

export interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A member a reminder is due to, with their subscription. */
export interface DueMember {
  memberId: number;
  target: Subscription;
}

export type SendOutcome = 'sent' | 'gone' | 'failed';

function target(r: Row): Subscription {
  return { endpoint: str(r, 'endpoint'), p256dh: str(r, 'p256dh'), auth: str(r, 'auth') };
}

/**
 * Members who may get a reminder of `kind` about `day` today: permission granted, a
 * subscription, that reminder chosen, membership in force, and not yet claimed.
 */
const DUE = (kind: ReminderKind, column: string) => `
  SELECT p.member_id, s.endpoint, s.p256dh, s.auth
    FROM push_states p
    JOIN push_subscriptions s ON s.member_id = p.member_id
    JOIN members m ON m.member_id = p.member_id
   WHERE p.notification_permission = 'granted' AND p.${column} = 'Y'
     AND m.status = 'active' AND m.valid_until >= :today
     AND NOT EXISTS (SELECT 1 FROM push_sends x WHERE x.member_id = p.member_id AND x.kind = '${kind}' AND x.day = :day)`;

export function pushStore(db: Database) {
  const state = db.prepare(
    `SELECT p.*, s.endpoint FROM push_states p LEFT JOIN push_subscriptions s ON s.member_id = p.member_id WHERE p.member_id = ?`,
  );
  const saveState = db.prepare(
    `INSERT INTO push_states (member_id, notification_permission, reminder_hour, remind_challenge, remind_points, remind_club, updated_at)
     VALUES (:m, :permission, :hour, :challenge, :points, :club, :at)
     ON CONFLICT (member_id) DO UPDATE SET notification_permission = :permission, reminder_hour = :hour,
       remind_challenge = :challenge, remind_points = :points, remind_club = :club, updated_at = :at`,
  );
  const releaseEndpoint = db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ? AND member_id <> ?');
  const saveSubscription = db.prepare(
    `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, created_at) VALUES (:m, :endpoint, :p256dh, :auth, :at)
     ON CONFLICT (member_id) DO UPDATE SET endpoint = :endpoint, p256dh = :p256dh, auth = :auth, created_at = :at`,
  );
  const deleteSubscription = db.prepare('DELETE FROM push_subscriptions WHERE member_id = ?');
  const deleteGone = db.prepare('DELETE FROM push_subscriptions WHERE member_id = ? AND endpoint = ?');
  const claim = db.prepare(
    "INSERT INTO push_sends (member_id, kind, day, claimed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
  );
  const settle = db.prepare('UPDATE push_sends SET outcome = ?, status = ? WHERE member_id = ? AND kind = ? AND day = ?');
  const challengeDue = db.prepare(
    `${DUE('challenge', 'remind_challenge')} AND p.reminder_hour = :hour
       AND EXISTS (SELECT 1 FROM challenges c WHERE c.member_id = p.member_id AND c.status = 'active' AND c.last_checkin_day = :yesterday)
     ORDER BY p.member_id`,
  );
  const pointsDue = db.prepare(
    `${DUE('points_expiring', 'remind_points')}
       AND (SELECT coalesce(sum(l.points), 0) FROM point_ledger l WHERE l.member_id = p.member_id) > 0
     ORDER BY p.member_id`,
  );
  const clubDue = db.prepare(
    `SELECT d.*, c.name AS club_name FROM (${DUE('club_meeting', 'remind_club')}) d
       JOIN club_members cm ON cm.member_id = d.member_id
       JOIN book_clubs c ON c.club_id = cm.club_id AND c.next_meeting_on = :day
     ORDER BY d.member_id, c.club_id`,
  );

  return {
    async state(memberId: number): Promise<PushStateRow | undefined> {
      const r = await state.get(memberId);
      if (!r) return undefined;
      return {
        permission: oneOf(r, 'notification_permission', PERMISSIONS),
        reminderHour: int(r, 'reminder_hour'),
        remind: { challenge: yn(r, 'remind_challenge'), points_expiring: yn(r, 'remind_points'), club_meeting: yn(r, 'remind_club') },
        updatedAt: str(r, 'updated_at'),
        endpoint: strOrNull(r, 'endpoint'),
      };
    },

    /** The member's permission and choices (inserted or replaced). */
    async saveState(memberId: number, s: { permission: Permission; reminderHour: number; remind: Remind }, at: number): Promise<void> {
      await saveState.run({
        m: memberId, permission: s.permission, hour: s.reminderHour, challenge: s.remind.challenge,
        points: s.remind.points_expiring, club: s.remind.club_meeting, at: isoSeoul(at),
      });
    },

    /** The member's subscription; the endpoint leaves any other member it belonged to. Call in a transaction. */
    async subscribe(memberId: number, sub: Subscription, at: number): Promise<void> {
      await releaseEndpoint.run(sub.endpoint, memberId);
      await saveSubscription.run({ m: memberId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, at: isoSeoul(at) });
    },

    async unsubscribe(memberId: number): Promise<void> {
      await deleteSubscription.run(memberId);
    },

    /** Forgets a subscription the push service says is gone (unless the member has since replaced it). */
    async removeGone(memberId: number, endpoint: string): Promise<void> {
      await deleteGone.run(memberId, endpoint);
    },

    /** Claims the reminder: true when this call inserted the send log row. Call in a transaction. */
    async claim(memberId: number, kind: ReminderKind, day: string, at: number): Promise<boolean> {
      return Number((await claim.run(memberId, kind, day, isoSeoul(at))).changes) === 1;
    },

    async settle(memberId: number, kind: ReminderKind, day: string, outcome: SendOutcome, status: number | null): Promise<void> {
      await settle.run(outcome, status, memberId, kind, day);
    },

    /** Members whose challenge is under way, not checked in today, who chose this hour. */
    async challengeDue(q: { today: string; yesterday: string; hour: number }): Promise<DueMember[]> {
      return (await challengeDue.all({ ...q, day: q.today })).map((r) => ({ memberId: int(r, 'member_id'), target: target(r) }));
    },

    /** Members with a positive balance; `day` is the day the points expire. */
    async pointsDue(q: { today: string; day: string }): Promise<DueMember[]> {
      return (await pointsDue.all(q)).map((r) => ({ memberId: int(r, 'member_id'), target: target(r) }));
    },

    /** Members of clubs meeting on `day`, with those clubs' names (in club order). */
    async clubDue(q: { today: string; day: string }): Promise<(DueMember & { clubs: string[] })[]> {
      const out = new Map<number, DueMember & { clubs: string[] }>();
      for (const r of await clubDue.all(q)) {
        const memberId = int(r, 'member_id');
        const known = out.get(memberId);
        if (known) known.clubs.push(str(r, 'club_name'));
        else out.set(memberId, { memberId, target: target(r), clubs: [str(r, 'club_name')] });
      }
      return [...out.values()];
    },
  };
}
