/**
 * The member's push state (decisions 0066, 0110): the public configuration, turning reminders on
 * (the subscription is the spec's fcm_token, notification_permission becomes granted) and
 * off, what a subscription must be (its endpoint: https on port 443 of a push service, read
 * alike by the WHATWG parser and web-push's url.parse), and the feature hiding itself without
 * VAPID keys.
 */
import t from 'tap';
import fc from 'fast-check';
import { parse } from 'node:url';
import webPush from 'web-push';
import { apiMessages } from '#shared/messages-api.ts';
import { checkEndpoint } from '#server/homepage-api/push/endpoint.ts';
import { hostileTarget } from '#test/fixtures/hostile-urls.ts';
import { call, freshMember, login, testApi } from './helpers.ts';
import { browser } from './push-service.ts';

const VAPID = { ...webPush.generateVAPIDKeys(), subject: 'mailto:reading@library.example.org' };
const FCM = 'https://fcm.googleapis.com/fcm/send/';

t.test('without VAPID keys push hides itself', async (t) => {
  const api = await testApi({ settings: { push: { vapid: null } } });
  t.teardown(api.close);
  const config = (await call(api.app, undefined, 'GET', '/push/config')).json();
  t.same(config, {
    result: 'success',
    push_config: { enabled_yn: 'N', vapid_public_key: null, reminder_hours: { min: 7, max: 22, default: 20 }, time_zone: 'Asia/Seoul' },
  });
  const tok = (await login(api.app)).access_token;
  t.same((await call(api.app, tok, 'GET', '/user/push')).json().push, {
    enabled_yn: 'N', notification_permission: 'default', fcm_token: null, reminder_hour: 20,
    reminders: { challenge: 'Y', points_expiring: 'Y', club_meeting: 'Y' }, updated_at: null,
  });
  const on = await call(api.app, tok, 'POST', '/user/push', { fcm_token: browser(`${FCM}a`).subscription });
  t.same([on.statusCode, on.json().msg], [409, '알림 기능을 사용할 수 없습니다.']);
  t.equal((await call(api.app, tok, 'GET', '/user/push')).json().push.notification_permission, 'default', 'nothing stored');
  t.match(await api.app.reminders.run('challenge'), { due: 0, sent: 0 }, 'no reminders run');
  t.equal(api.app.reminderSchedule, null);
});

t.test('turning reminders on and off', async (t) => {
  const api = await testApi({ settings: { push: { vapid: VAPID }, accessTtlS: 24 * 3600 } });
  t.teardown(api.close);
  const config = (await call(api.app, undefined, 'GET', '/push/config')).json().push_config;
  t.match(config, { enabled_yn: 'Y', vapid_public_key: VAPID.publicKey });
  const tok = (await login(api.app)).access_token;
  const phone = browser(`${FCM}phone-of-reader01`);

  const refused = async (label: string, body: object, msg: string) => {
    const r = await call(api.app, tok, 'POST', '/user/push', body);
    t.same([r.statusCode, r.json().msg], [400, msg], label);
  };
  const invalid = apiMessages.push.subscriptionInvalid;
  await refused('an http endpoint', { fcm_token: { ...phone.subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/x' } }, '알림 구독 정보가 올바르지 않습니다. 알림을 다시 켜 주세요.');
  await refused('a host that is no push service', { fcm_token: { ...phone.subscription, endpoint: 'https://push.example.com/x' } }, invalid);
  await refused('a look-alike host', { fcm_token: { ...phone.subscription, endpoint: 'https://fcm.googleapis.com.example.com/x' } }, invalid);
  await refused('a key that is not a point of P-256', { fcm_token: { ...phone.subscription, keys: { ...phone.subscription.keys, p256dh: `B${'A'.repeat(86)}` } } }, invalid);
  await refused('an auth secret of the wrong size', { fcm_token: { ...phone.subscription, keys: { ...phone.subscription.keys, auth: 'short' } } }, '알림 구독 정보를 다시 확인해 주세요.');
  await refused('an hour before 7', { fcm_token: phone.subscription, reminder_hour: 6 }, '알림 시각을 다시 확인해 주세요.');
  await refused('an hour after 22', { fcm_token: phone.subscription, reminder_hour: 23 }, '알림 시각을 다시 확인해 주세요.');
  await refused('an unknown reminder', { fcm_token: phone.subscription, reminders: { challenge: 'Y', points_expiring: 'Y', club_meeting: 'Y', weather: 'Y' } }, apiMessages.validation.unknownField('weather'));
  t.equal((await call(api.app, tok, 'GET', '/user/push')).json().push.fcm_token, null, 'nothing stored by refused requests');

  const on = await call(api.app, tok, 'POST', '/user/push', {
    fcm_token: phone.subscription, reminder_hour: 21, reminders: { challenge: 'Y', points_expiring: 'N', club_meeting: 'Y' },
  });
  t.equal(on.statusCode, 200, on.body);
  t.same(on.json(), {
    result: 'success',
    push: {
      enabled_yn: 'Y', notification_permission: 'granted', fcm_token: phone.subscription.endpoint, reminder_hour: 21,
      reminders: { challenge: 'Y', points_expiring: 'N', club_meeting: 'Y' }, updated_at: '2026-11-21T10:00:00+09:00',
    },
    msg: '알림을 켰습니다. 챌린지 출석 알림은 매일 21시에 보내 드립니다.',
  });
  t.same((await call(api.app, tok, 'GET', '/user/push')).json().push, on.json().push, 'GET answers the same state');
  t.match(await api.app.db.prepare('SELECT p256dh, auth FROM push_subscriptions WHERE member_id = 1').get(), phone.subscription.keys, 'the keys are kept for encryption');

  // A new subscription (the browser renewed it) keeps the hour and the choice.
  const renewed = browser(`${FCM}phone-of-reader01-renewed`);
  api.clock.advance(60);
  t.match((await call(api.app, tok, 'POST', '/user/push', { fcm_token: renewed.subscription })).json().push, {
    fcm_token: renewed.subscription.endpoint, reminder_hour: 21, reminders: { points_expiring: 'N' }, updated_at: '2026-11-21T10:01:00+09:00',
  });

  // The same browser signed in as someone else: the subscription moves to them.
  const other = await freshMember(api.app);
  t.match((await call(api.app, other, 'POST', '/user/push', { fcm_token: renewed.subscription })).json().push, {
    notification_permission: 'granted', fcm_token: renewed.subscription.endpoint, reminder_hour: 20,
  });
  t.match((await call(api.app, tok, 'GET', '/user/push')).json().push, { notification_permission: 'granted', fcm_token: null }, 'reader01 no longer gets that browser’s reminders');

  // Off: the subscription goes, the permission is what the body says.
  const off = await call(api.app, other, 'DELETE', '/user/push', { notification_permission: 'denied' });
  t.equal(off.statusCode, 200, off.body);
  t.match(off.json(), { push: { notification_permission: 'denied', fcm_token: null, reminder_hour: 20 }, msg: '알림을 껐습니다.' });
  t.equal((await api.app.db.prepare('SELECT count(*) AS n FROM push_subscriptions').get())?.['n'], 0);
  t.match((await call(api.app, tok, 'DELETE', '/user/push', { notification_permission: 'default' })).json().push, { notification_permission: 'default', reminder_hour: 21 });
  const wrong = await call(api.app, tok, 'DELETE', '/user/push', { notification_permission: 'granted' });
  t.same([wrong.statusCode, wrong.json().msg], [400, '알림 권한을 다시 확인해 주세요.']);
  t.equal((await call(api.app, undefined, 'DELETE', '/user/push', { notification_permission: 'default' })).statusCode, 401);
});

/*
 * Decision 0116: web-push reads the endpoint with Node's legacy url.parse to connect and to
 * name the VAPID audience, so an address the WHATWG parser and url.parse read differently could
 * pass the check here and be sent elsewhere. Each address below is read differently by the two
 * (checked in the test itself), and each is refused.
 */
const legacyParse = (href: string) => {
  const before = process.noDeprecation;
  process.noDeprecation = true; // DEP0169: url.parse is what is under test here
  try {
    return parse(href);
  } finally {
    process.noDeprecation = before;
  }
};
/** How a parser reads an address: protocol, host name, port and path; null when it does not parse. */
function readings(address: string) {
  const w = URL.parse(address);
  const l = legacyParse(address);
  return {
    whatwg: w && [w.protocol, w.hostname, w.port, w.pathname + w.search].join(' '),
    legacy: [l.protocol, l.hostname, l.port ?? '', l.path].join(' '),
  };
}
const READ_DIFFERENTLY: readonly [string, string][] = [
  ['a semicolon in the host: WHATWG keeps it (a subdomain of FCM), url.parse stops at evil.example', 'https://evil.example;.fcm.googleapis.com/fcm/send/x'],
  ['the same, percent-encoded', 'https://evil.example%3B.fcm.googleapis.com/fcm/send/x'],
  ['an apostrophe in the host', "https://evil.example'.fcm.googleapis.com/fcm/send/x"],
  ['a brace in the host', 'https://evil.example{.fcm.googleapis.com/fcm/send/x'],
  ['a backtick in the host', 'https://evil.example`.fcm.googleapis.com/fcm/send/x'],
  ['a double quote in the host', 'https://evil.example".fcm.googleapis.com/fcm/send/x'],
  ['a percent-encoded dot: WHATWG fcm.googleapis.com.evil.example, url.parse fcm.googleapis.com', 'https://fcm.googleapis.com%2Eevil.example/fcm/send/x'],
  ['a percent-encoded dot: WHATWG fcm.googleapis.com, url.parse fcm', 'https://fcm%2Egoogleapis.com/fcm/send/x'],
  ['two ports: WHATWG refuses, url.parse takes :80', 'https://fcm.googleapis.com:443:80/fcm/send/x'],
  ['a zero-padded port: WHATWG 443 (none), url.parse 0443', 'https://fcm.googleapis.com:0443/fcm/send/x'],
  ['a backslash: WHATWG a path, url.parse credentials-looking text turned into a path', 'https://fcm.googleapis.com:443\\@evil.example/fcm/send/x'],
  ['a vertical bar in the path: url.parse escapes it', 'https://fcm.googleapis.com/fcm/send/x|y'],
  ['an apostrophe in the path: url.parse escapes it', "https://fcm.googleapis.com/fcm/send/x'y"],
  ['a hex IPv4 address: WHATWG 127.0.0.1, url.parse 0x7f.1', 'https://0x7f.1/fcm/send/x'],
];

t.test('an endpoint is https on port 443 of a push service, without credentials, read alike by both URL parsers', async (t) => {
  const api = await testApi({ settings: { push: { vapid: VAPID }, accessTtlS: 24 * 3600 } });
  t.teardown(api.close);
  const tok = (await login(api.app)).access_token;
  const phone = browser(`${FCM}phone`);
  // The contract's pattern refuses some of these, the check the rest: the same message either way.
  const refused = async (label: string, endpoint: string) => {
    const r = await call(api.app, tok, 'POST', '/user/push', { fcm_token: { ...phone.subscription, endpoint } });
    t.same([r.statusCode, r.json().msg], [400, apiMessages.push.subscriptionInvalid], `${label}: ${JSON.stringify(endpoint)}`);
  };

  for (const port of ['22', '80', '444', '8443', '65535', '0', '']) await refused(`port ${port || '(empty)'}`, `https://fcm.googleapis.com:${port}/fcm/send/x`);
  await refused('credentials', 'https://127.0.0.1@fcm.googleapis.com/fcm/send/x');
  await refused('a user and a password', 'https://user:pass@fcm.googleapis.com/fcm/send/x');
  await refused('an empty user', 'https://@fcm.googleapis.com/fcm/send/x');
  await refused('an IP address', 'https://142.250.196.106/fcm/send/x');
  await refused('an IPv6 address', 'https://[2404:6800:4004:80a::200a]/fcm/send/x');
  await refused('a decimal IPv4 address', 'https://2130706433/fcm/send/x');
  await refused('a fragment', 'https://fcm.googleapis.com/fcm/send/x#@evil.example');
  await refused('a trailing dot', 'https://fcm.googleapis.com./fcm/send/x');
  await refused('a full-width host', 'https://ｆｃｍ.googleapis.com/fcm/send/x');
  await refused('a non-breaking space', 'https://fcm.googleapis.com/fcm/send/x\u00a0y');
  await refused('a tab in the host (both parsers drop it)', 'https://fcm.google\tapis.com/fcm/send/x');
  await refused('a backslash', 'https://evil.example\\.fcm.googleapis.com/fcm/send/x');
  await refused('upper-case scheme', 'HTTPS://fcm.googleapis.com/fcm/send/x');

  for (const [label, endpoint] of READ_DIFFERENTLY) {
    const r = readings(endpoint);
    t.not(r.whatwg, r.legacy, `the parsers differ on ${label}: ${r.whatwg ?? '(refused)'} / ${r.legacy}`);
    await refused(label, endpoint);
  }
  t.equal((await call(api.app, tok, 'GET', '/user/push')).json().push.fcm_token, null, 'nothing stored by refused requests');
  t.equal((await api.app.db.prepare('SELECT count(*) AS n FROM push_subscriptions').get())?.['n'], 0);

  // Port 443 said explicitly, or a host in capitals: accepted, and stored as the parser normalises it.
  const on = await call(api.app, tok, 'POST', '/user/push', { fcm_token: { ...phone.subscription, endpoint: 'https://FCM.GoogleAPIs.com:443/fcm/send/phone' } });
  t.equal(on.statusCode, 200, on.body);
  t.equal(on.json().push.fcm_token, 'https://fcm.googleapis.com/fcm/send/phone', 'the normalised address is stored and answered');
  t.equal((await api.app.stores.push.state(1))?.endpoint, 'https://fcm.googleapis.com/fcm/send/phone');
  // A subdomain of a push service, as Mozilla and Windows hand out.
  const moz = await call(api.app, tok, 'POST', '/user/push', { fcm_token: { ...phone.subscription, endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA_x-y' } });
  t.equal(moz.json().push.fcm_token, 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA_x-y');
});

t.test('every endpoint the check accepts is one both parsers read as https on 443 of a push service (hostile addresses)', (t) => {
  const hosts = ['fcm.googleapis.com', 'push.services.mozilla.com'];
  let accepted = 0;
  fc.assert(
    fc.property(fc.oneof(hostileTarget('fcm.googleapis.com'), hostileTarget('https://fcm.googleapis.com/fcm/send/')), (address) => {
      const checked = checkEndpoint(address, hosts);
      if (!checked.ok) return;
      accepted += 1;
      const w = new URL(checked.href);
      const l = legacyParse(checked.href);
      const known = (h: string | null) => h !== null && hosts.some((k) => h === k || h.endsWith(`.${k}`));
      t.ok(w.protocol === 'https:' && l.protocol === 'https:', `https: ${address}`);
      t.ok(w.port === '' && l.port === null, `port 443: ${address}`);
      t.ok(w.username === '' && w.password === '' && l.auth === null, `no credentials: ${address}`);
      t.ok(known(w.hostname) && w.hostname === l.hostname, `a push service's host for both: ${address}`);
      t.equal(l.path, w.pathname + w.search, `the same path: ${address}`);
    }),
    { numRuns: 3000 },
  );
  t.comment(`${accepted} of 6000 hostile addresses accepted`);
  t.end();
});
