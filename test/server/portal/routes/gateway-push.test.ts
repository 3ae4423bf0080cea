/**
 * Push through the portal (decisions 0066, 0110): the browser turns reminders on and off through
 * the gateway (POST and DELETE /api/v1/homepage/user/push with the member's session) and reads
 * the public push configuration, which the portal's public cache keeps for a minute (decision 0159).
 */
import t from 'tap';
import { createECDH, randomBytes } from 'node:crypto';
import webPush from 'web-push';
import { cachedOperationOf } from '#server/portal/homepage/public-cache.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

const VAPID = { ...webPush.generateVAPIDKeys(), subject: 'mailto:reading@library.example.org' };
const api = await startReferenceApi({ push: { vapid: VAPID } });
const portal = await buildTestPortal(api.url);
t.teardown(async () => {
  await portal.close();
  await api.close();
});

t.test('the push configuration is public and kept by the portal for a minute', async (t) => {
  t.equal(cachedOperationOf('/api/v1/homepage/push/config')?.row.cache?.ttlS, 60, 'its row is kept 60 s: keys turned on show within a minute');
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/push/config' });
  t.equal(res.statusCode, 200);
  t.match(res.json(), { push_config: { enabled_yn: 'Y', vapid_public_key: VAPID.publicKey } });
  t.equal(res.headers['cache-control'], 'no-store');
});

t.test('a member turns reminders on and off through the gateway', async (t) => {
  const login = await portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: loginOf(READER01) });
  const jar = new Jar().take(login);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/gateway-test',
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  const headers = { ...PORTAL_CALL, cookie: jar.header() };
  const on = await portal.app.inject({ method: 'POST', url: '/api/v1/homepage/user/push', headers, payload: { fcm_token: subscription, reminder_hour: 8 } });
  t.equal(on.statusCode, 200, on.body);
  t.match(on.json(), { push: { notification_permission: 'granted', fcm_token: subscription.endpoint, reminder_hour: 8 } });
  const state = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/push', headers: { cookie: jar.header() } });
  t.match(state.json(), { push: { notification_permission: 'granted', fcm_token: subscription.endpoint } });
  const off = await portal.app.inject({ method: 'DELETE', url: '/api/v1/homepage/user/push', headers, payload: { notification_permission: 'default' } });
  t.equal(off.statusCode, 200, off.body);
  t.match(off.json(), { push: { notification_permission: 'default', fcm_token: null }, msg: '알림을 껐습니다.' });
  const crossSite = await portal.app.inject({ method: 'DELETE', url: '/api/v1/homepage/user/push', headers: { cookie: jar.header() }, payload: { notification_permission: 'default' } });
  t.equal(crossSite.statusCode, 403, 'a write without the portal’s own header is refused (CSRF)');
});

t.test('the push page turns reminders off with the query and no body, as the document says (decision 0138)', async (t) => {
  const login = await portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: loginOf(READER01) });
  t.equal(login.statusCode, 200, login.body);
  const headers = { ...PORTAL_CALL, cookie: new Jar().take(login).header() };
  for (const permission of ['denied', 'default'] as const) {
    const off = await portal.app.inject({ method: 'DELETE', url: `/api/v1/homepage/user/push?notification_permission=${permission}`, headers });
    t.equal(off.statusCode, 200, off.body);
    t.match(off.json(), { push: { notification_permission: permission, fcm_token: null } });
  }
});
