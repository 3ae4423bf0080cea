/**
 * The reminders (decision 0111), each run at a Seoul time by the scheduler
 * (push/scheduler.ts) and directly by tests:
 * - challenge: members whose 21-day challenge is under way and who have not checked in today,
 *   at the hour they chose;
 * - points_expiring: from 20 December, members with a positive balance, once a year;
 * - club_meeting: the day before, members of clubs whose leader announced a meeting.
 * Each reminder is claimed in the send log (member, kind, the day it is about) in the
 * transaction that decides it is due, then sent; so it goes out at most once, across
 * restarts and API processes. A subscription the push service calls gone (404, 410) is removed.
 * Before a reminder is claimed, the stored endpoint is checked again as it was when stored
 * (push/endpoint.ts): one that no longer passes (stored before the check, or the push services'
 * hosts changed) is not sent to, and is logged with its host only (decision 0116).
 */
import type { FastifyBaseLogger } from 'fastify';
import { apiMessages } from '#shared/messages-api.ts';
import { settleExpiry } from '../programme/ledger.ts';
import type { ApiSettings } from '../settings.ts';
import type { Stores } from '../store/index.ts';
import type { DueMember, ReminderKind } from '../store/push.ts';
import { addDays, seoulDay, seoulHour, untilSeoulMidnight } from '../time.ts';
import { checkEndpoint } from './endpoint.ts';
import type { PushDelivery, PushMessage, PushSender, PushTarget } from './sender.ts';

/** The portal pages a notification opens (shared/routes.ts). */
const PAGES: Record<ReminderKind, string> = {
  challenge: '/challenge/challenge',
  points_expiring: '/mypage/mypage',
  club_meeting: '/bookclub/bookclub',
};

/** The year-end reminder goes out from this day of December. */
const YEAR_END_FROM_DAY = 20;
/** Sends at once to at most this many push services. */
const CONCURRENCY = 8;

const NOTHING_DONE = { skipped: 0, refused: 0, sent: 0, gone: 0, failed: 0 } as const;

export interface ReminderReport {
  kind: ReminderKind;
  /** The day the reminders are about (check-in day, expiry day, meeting day). */
  day: string;
  /** Members the reminder was due to when the run began. */
  due: number;
  /** Claimed elsewhere already, or no longer due when claimed. */
  skipped: number;
  /** The stored endpoint fails the endpoint check: not sent to (logged, not claimed). */
  refused: number;
  sent: number;
  /** The push service said the subscription is gone; it was removed. */
  gone: number;
  failed: number;
  /** Another instance held this kind's lock and ran it (PostgreSQL): this one sent nothing. */
  elsewhere?: true;
}

export interface Reminders {
  /** Sends the reminders of `kind` due now (settings.clock()). */
  run(kind: ReminderKind): Promise<ReminderReport>;
  /** Resolves when no run is under way. */
  idle(): Promise<void>;
}

interface Plan {
  day: string;
  due: DueMember[];
  /** Inside the claim's transaction: the message if the member is still due, else null. */
  message(m: DueMember): Promise<PushMessage | null>;
  delivery: PushDelivery;
}

/** The advisory lock of each kind's run (decision 0109). */
const REMINDER_LOCKS: Readonly<Record<ReminderKind, number>> = { challenge: 4_857_301_201, points_expiring: 4_857_301_202, club_meeting: 4_857_301_203 };

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function createReminders(deps: { stores: Stores; settings: ApiSettings; sender: PushSender | null; log: FastifyBaseLogger }): Reminders {
  const { stores, settings, sender, log } = deps;
  const running = new Set<Promise<unknown>>();

  async function plan(kind: ReminderKind, now: number): Promise<Plan | null> {
    const today = seoulDay(now);
    const message = (text: { title: string }, body: string): PushMessage => ({ title: text.title, body, url: PAGES[kind] });
    switch (kind) {
      case 'challenge': {
        const yesterday = addDays(today, -1);
        return {
          day: today,
          due: await stores.push.challengeDue({ today, yesterday, hour: seoulHour(now) }),
          message: async (m) => {
            const c = await stores.challenges.active(m.memberId);
            if (!c || c.lastCheckinDay !== yesterday) return null; // checked in, or the run ended
            return message(apiMessages.push.challenge, apiMessages.push.challenge.body(c.streak + 1));
          },
          delivery: { ttlS: Math.floor(untilSeoulMidnight(now) / 1000), topic: 'challenge' },
        };
      }
      case 'points_expiring': {
        const year = today.slice(0, 4);
        if (today < `${year}-12-${YEAR_END_FROM_DAY}`) return null;
        const day = `${year}-12-31`;
        return {
          day,
          due: await stores.push.pointsDue({ today, day }),
          message: async (m) => {
            await settleExpiry(stores, m.memberId, year);
            const balance = await stores.points.balance(m.memberId);
            if (balance <= 0) return null;
            return message(apiMessages.push.pointsExpiring, apiMessages.push.pointsExpiring.body(balance));
          },
          delivery: { ttlS: 24 * 60 * 60, topic: 'points-expiring' },
        };
      }
      case 'club_meeting': {
        const day = addDays(today, 1);
        const due = await stores.push.clubDue({ today, day });
        const clubs = new Map(due.map((d) => [d.memberId, d.clubs]));
        return {
          day,
          due,
          message: async (m) => {
            const names = clubs.get(m.memberId) ?? [];
            const [first] = names;
            if (first === undefined) return null;
            return message(apiMessages.push.clubMeeting, apiMessages.push.clubMeeting.body(first, names.length - 1));
          },
          delivery: { ttlS: 24 * 60 * 60, topic: 'club-meeting' },
        };
      }
    }
  }

  async function send(kind: ReminderKind, push: PushSender): Promise<ReminderReport> {
    const now = settings.clock();
    const p = await plan(kind, now);
    const report: ReminderReport = { kind, day: p?.day ?? seoulDay(now), due: p?.due.length ?? 0, ...NOTHING_DONE };
    if (!p) return report;
    const claimed: { member: DueMember; target: PushTarget; message: PushMessage }[] = [];
    for (const member of p.due) {
      const endpoint = checkEndpoint(member.target.endpoint, settings.push.serviceHosts);
      if (!endpoint.ok) {
        report.refused += 1;
        log.warn({ reminder: kind, memberId: member.memberId, endpointHost: endpoint.hostname, problem: endpoint.problem }, 'stored push endpoint refused, reminder not sent');
        continue;
      }
      const message = await stores.forMembers([member.memberId], async () => {
        const m = await p.message(member);
        return m && await stores.push.claim(member.memberId, kind, p.day, now) ? m : null;
      });
      if (message) claimed.push({ member, target: { ...member.target, endpoint: endpoint.href }, message });
      else report.skipped += 1;
    }
    await eachLimited(claimed, CONCURRENCY, async ({ member, target, message }) => {
      const outcome = await push(target, message, p.delivery);
      await stores.transaction(async () => {
        if (outcome.ok) {
          report.sent += 1;
          await stores.push.settle(member.memberId, kind, p.day, 'sent', outcome.status);
        } else if (outcome.gone) {
          report.gone += 1;
          await stores.push.removeGone(member.memberId, member.target.endpoint);
          await stores.push.settle(member.memberId, kind, p.day, 'gone', outcome.status);
        } else {
          report.failed += 1;
          await stores.push.settle(member.memberId, kind, p.day, 'failed', outcome.status);
          log.warn({ reminder: kind, memberId: member.memberId, status: outcome.status }, 'push service refused a reminder');
        }
      });
    });
    log.info({ reminder: report }, 'reminders sent');
    return report;
  }

  return {
    run(kind) {
      const none: ReminderReport = { kind, day: seoulDay(settings.clock()), due: 0, ...NOTHING_DONE };
      if (!sender) return Promise.resolve(none);
      // One sender per kind across instances (PostgreSQL advisory lock); the send log stays the record.
      const job = stores.exclusive(REMINDER_LOCKS[kind], () => send(kind, sender)).then((r): ReminderReport => {
        if (r.ran) return r.value;
        log.info({ reminder: kind }, 'reminders: another instance is sending them');
        return { ...none, elsewhere: true as const };
      });
      running.add(job);
      void job.catch(() => undefined).finally(() => running.delete(job));
      return job;
    },
    async idle() {
      await Promise.allSettled([...running]);
    },
  };
}
