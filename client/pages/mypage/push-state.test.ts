import { describe, expect, it } from 'vitest';
import { anyReminder, hourChoices, parseHour, pushView, sameServerKey, subscriptionBody, supportsPush, type BrowserPush } from './push-state.ts';

const HERE = 'https://fcm.googleapis.com/fcm/send/this-browser';
const OTHER = 'https://updates.push.services.mozilla.com/wpush/v2/other-device';
const supported = (permission: NotificationPermission, endpoint: string | null): BrowserPush => ({ support: 'supported', permission, endpoint });
const none = { notification_permission: 'default', fcm_token: null } as const;
const storedHere = { notification_permission: 'granted', fcm_token: HERE } as const;

describe('pushView: what 알림 shows', () => {
  it('says the feature is disabled when the server has no VAPID keys, whatever the browser', () => {
    expect(pushView(false, supported('granted', HERE), storedHere)).toEqual({ kind: 'disabled' });
    expect(pushView(false, { support: 'unsupported' }, none)).toEqual({ kind: 'disabled' });
  });
  it('waits for the browser on the server and before the first effect', () => {
    expect(pushView(true, { support: 'checking' }, storedHere)).toEqual({ kind: 'checking' });
  });
  it('says a browser without the Push API cannot have 알림', () => {
    expect(pushView(true, { support: 'unsupported' }, storedHere)).toEqual({ kind: 'unsupported' });
  });
  it('says the browser blocks notifications, even when a subscription is stored', () => {
    expect(pushView(true, supported('denied', null), storedHere)).toEqual({ kind: 'denied' });
    expect(pushView(true, supported('denied', null), { notification_permission: 'denied', fcm_token: null })).toEqual({ kind: 'denied' });
  });
  it('is on when this browser’s endpoint is the stored one', () => {
    expect(pushView(true, supported('granted', HERE), storedHere)).toEqual({ kind: 'on' });
  });
  it('is on another device when the stored endpoint is not this browser’s', () => {
    expect(pushView(true, supported('granted', HERE), { notification_permission: 'granted', fcm_token: OTHER })).toEqual({ kind: 'elsewhere' });
    expect(pushView(true, supported('default', null), storedHere)).toEqual({ kind: 'elsewhere' });
  });
  it('is off when nothing is stored; expired when the push service dropped the subscription', () => {
    expect(pushView(true, supported('default', null), none)).toEqual({ kind: 'off', expired: false });
    expect(pushView(true, supported('granted', HERE), none)).toEqual({ kind: 'off', expired: false });
    // The member refused once, then allowed in the browser's settings: off, ready to turn on.
    expect(pushView(true, supported('granted', null), { notification_permission: 'denied', fcm_token: null })).toEqual({ kind: 'off', expired: false });
    expect(pushView(true, supported('granted', HERE), { notification_permission: 'granted', fcm_token: null })).toEqual({ kind: 'off', expired: true });
  });
});

describe('supportsPush', () => {
  const full = { isSecureContext: true, navigator: { serviceWorker: {} }, PushManager: {}, Notification: {} };
  it('needs a secure page, a service worker, the Push API and notifications', () => {
    expect(supportsPush(full)).toBe(true);
    expect(supportsPush({ ...full, isSecureContext: false })).toBe(false);
    expect(supportsPush({ ...full, navigator: {} })).toBe(false);
    const { PushManager: _p, ...noPush } = full;
    expect(supportsPush(noPush)).toBe(false);
    const { Notification: _n, ...noNotification } = full;
    expect(supportsPush(noNotification)).toBe(false);
  });
});

describe('the reminder hour', () => {
  const hours = { min: 7, max: 22, default: 20 };
  it('takes a whole hour from 7 to 22', () => {
    expect(parseHour('7', hours)).toBe(7);
    expect(parseHour('20', hours)).toBe(20);
    expect(parseHour('22', hours)).toBe(22);
    expect(parseHour('07', hours)).toBe(7);
  });
  it('refuses hours outside the range and anything that is not a whole hour', () => {
    for (const v of ['6', '23', '0', '', '20.5', '-8', ' 8', '8시', '1e1', '100']) expect(parseHour(v, hours), v).toBeNull();
  });
  it('offers every allowed hour in order', () => {
    expect(hourChoices(hours)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]);
    expect(hourChoices({ min: 9, max: 8, default: 9 })).toEqual([]);
  });
});

describe('choices and subscriptions', () => {
  it('needs at least one reminder', () => {
    expect(anyReminder({ challenge: 'N', points_expiring: 'N', club_meeting: 'N' })).toBe(false);
    expect(anyReminder({ challenge: 'N', points_expiring: 'N', club_meeting: 'Y' })).toBe(true);
  });
  it('sends PushSubscription.toJSON() as the fcm_token, only when it is complete', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    expect(subscriptionBody({ endpoint: HERE, expirationTime: null, keys })).toEqual({ endpoint: HERE, expirationTime: null, keys });
    expect(subscriptionBody({ endpoint: HERE, keys })).toEqual({ endpoint: HERE, expirationTime: null, keys });
    expect(subscriptionBody({ endpoint: HERE, keys: { p256dh: keys.p256dh } })).toBeNull();
    expect(subscriptionBody({ endpoint: 'http://push.example/x', keys })).toBeNull();
    expect(subscriptionBody({ keys })).toBeNull();
  });
  it('recognises a subscription made with the same server key', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(sameServerKey(bytes.buffer, key)).toBe(true);
    expect(sameServerKey(bytes.buffer, `${key}=`)).toBe(true);
    expect(sameServerKey(Uint8Array.from(bytes, (b) => b ^ 1).buffer, key)).toBe(false);
    expect(sameServerKey(null, key)).toBe(false);
  });
});
