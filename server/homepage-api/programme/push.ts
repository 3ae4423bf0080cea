/**
 * The member's push state (docs/product.md §3 "Push state": notification_permission, fcm_token) and the
 * reminders they chose (decision 0110). A subscription is accepted only when the server has
 * VAPID keys, its endpoint passes push/endpoint.ts (https on port 443 of a known push service,
 * read alike by both URL parsers; the normalised address is what is stored), and its keys are
 * a P-256 point and a 16-byte secret.
 */
import { ECDH } from 'node:crypto';
import { REMINDER_HOURS, type PushBody, type PushState } from '#shared/contract/push.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { ruleBroken, conflict } from '../errors.ts';
import { checkEndpoint } from '../push/endpoint.ts';
import type { ApiSettings } from '../settings.ts';
import type { Stores } from '../store/index.ts';
import type { Permission, Remind } from '../store/push.ts';
import type { WriteContext } from './activities.ts';

const EVERY_REMINDER: Remind = { challenge: 'Y', points_expiring: 'Y', club_meeting: 'Y' };

export async function pushState(stores: Stores, settings: ApiSettings, memberId: number): Promise<PushState> {
  const s = await stores.push.state(memberId);
  return {
    enabled_yn: settings.push.vapid ? 'Y' : 'N',
    notification_permission: s?.permission ?? 'default',
    fcm_token: s?.endpoint ?? null,
    reminder_hour: s?.reminderHour ?? REMINDER_HOURS.default,
    reminders: s?.remind ?? EVERY_REMINDER,
    updated_at: s?.updatedAt ?? null,
  };
}

function validKeys(p256dh: string, auth: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || Buffer.from(auth, 'base64url').length !== 16) return false;
  try {
    ECDH.convertKey(point, 'prime256v1'); // throws unless it is a point of the curve
    return true;
  } catch {
    return false;
  }
}

/** Stores the subscription and the choice; the permission becomes granted. */
export async function subscribe({ stores, settings, member }: WriteContext, b: PushBody): Promise<void> {
  if (!settings.push.vapid) throw conflict(apiMessages.push.disabled);
  const endpoint = checkEndpoint(b.fcm_token.endpoint, settings.push.serviceHosts);
  if (!endpoint.ok) throw ruleBroken(apiMessages.push.subscriptionInvalid);
  const { p256dh, auth } = b.fcm_token.keys;
  if (!validKeys(p256dh, auth)) throw ruleBroken(apiMessages.push.subscriptionInvalid);
  const now = settings.clock();
  await stores.forMembers([member.memberId], async () => {
    const before = await stores.push.state(member.memberId);
    await stores.push.saveState(member.memberId, {
      permission: 'granted',
      reminderHour: b.reminder_hour ?? before?.reminderHour ?? REMINDER_HOURS.default,
      remind: b.reminders ?? before?.remind ?? EVERY_REMINDER,
    }, now);
    await stores.push.subscribe(member.memberId, { endpoint: endpoint.href, p256dh: strip(p256dh), auth: strip(auth) }, now);
  });
}

/** Forgets the subscription; the permission becomes what the browser now says. */
export async function unsubscribe({ stores, settings, member }: WriteContext, permission: Exclude<Permission, 'granted'>): Promise<void> {
  const now = settings.clock();
  await stores.forMembers([member.memberId], async () => {
    const before = await stores.push.state(member.memberId);
    await stores.push.saveState(member.memberId, {
      permission,
      reminderHour: before?.reminderHour ?? REMINDER_HOURS.default,
      remind: before?.remind ?? EVERY_REMINDER,
    }, now);
    await stores.push.unsubscribe(member.memberId);
  });
}

/** base64url without padding, as web-push expects. */
function strip(v: string): string {
  return v.replace(/=+$/, '');
}
