/**
 * 알림 on my page (decision 0066): what the section shows, decided from the
 * server's push configuration, what this browser can do and has, and the member's stored push
 * state (docs/product.md §3: notification_permission, fcm_token = the stored subscription's endpoint).
 * Pure, so every state is unit-tested; the browser calls live in push-browser.ts.
 */
import type { PushState, PushSubscriptionJson, ReminderChoice } from '#shared/contract/push.ts';

/** This browser: whether it was asked yet (not on the server nor before the first effect), and what it said. */
export type BrowserPush =
  | { support: 'checking' }
  | { support: 'unsupported' }
  | { support: 'supported'; permission: NotificationPermission; endpoint: string | null };

export type PushView =
  /** The server has no VAPID keys: no reminders are sent at all. */
  | { kind: 'disabled' }
  /** Rendered on the server, or before the browser has answered. */
  | { kind: 'checking' }
  /** No service worker, Push API or notifications in this browser (or not a secure page). */
  | { kind: 'unsupported' }
  /** The browser blocks the portal's notifications: only its settings can allow them again. */
  | { kind: 'denied' }
  /** This browser's subscription is the one stored. */
  | { kind: 'on' }
  /** A subscription is stored, of another browser or device. */
  | { kind: 'elsewhere' }
  /** Nothing stored; `expired` when the push service said the last subscription is gone (404/410). */
  | { kind: 'off'; expired: boolean };

type Stored = Pick<PushState, 'notification_permission' | 'fcm_token'>;

export function pushView(enabled: boolean, browser: BrowserPush, stored: Stored): PushView {
  if (!enabled) return { kind: 'disabled' };
  if (browser.support !== 'supported') return { kind: browser.support };
  if (browser.permission === 'denied') return { kind: 'denied' };
  if (stored.fcm_token !== null && stored.notification_permission === 'granted') {
    return { kind: browser.endpoint === stored.fcm_token ? 'on' : 'elsewhere' };
  }
  return { kind: 'off', expired: stored.notification_permission === 'granted' };
}

/** Whether this browser has what Web Push needs (asked only in the browser, after hydration). */
export function supportsPush(scope: { isSecureContext?: boolean; navigator?: object } & object): boolean {
  return (
    scope.isSecureContext === true &&
    scope.navigator !== undefined &&
    'serviceWorker' in scope.navigator &&
    'PushManager' in scope &&
    'Notification' in scope
  );
}

export interface Hours {
  min: number;
  max: number;
  default: number;
}

/** The hour of the daily challenge reminder from the select's value: a whole hour in the allowed range, else null. */
export function parseHour(value: string, hours: Hours): number | null {
  if (!/^[0-9]{1,2}$/.test(value)) return null;
  const hour = Number(value);
  return hour >= hours.min && hour <= hours.max ? hour : null;
}

/** The hours a member may choose, in order. */
export function hourChoices(hours: Hours): number[] {
  return Array.from({ length: Math.max(0, hours.max - hours.min + 1) }, (_, i) => hours.min + i);
}

/** Whether at least one reminder is chosen (turning 알림 on for none would be pointless). */
export function anyReminder(r: ReminderChoice): boolean {
  return r.challenge === 'Y' || r.points_expiring === 'Y' || r.club_meeting === 'Y';
}

/** PushSubscription.toJSON() as the API's fcm_token, or null when the browser gave something incomplete. */
export function subscriptionBody(json: PushSubscriptionJSON): PushSubscriptionJson | null {
  const { endpoint, keys, expirationTime } = json;
  const p256dh = keys?.['p256dh'];
  const auth = keys?.['auth'];
  if (!endpoint?.startsWith('https://') || !p256dh || !auth) return null;
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh, auth } };
}

/** base64url of bytes, without padding. */
function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Whether an existing subscription was made with this server key: a subscription for another
 * key (the VAPID pair changed) must be dropped before subscribing again, or the browser refuses.
 */
export function sameServerKey(existing: ArrayBuffer | null, key: string): boolean {
  return existing !== null && base64url(new Uint8Array(existing)) === key.replace(/=+$/, '');
}
