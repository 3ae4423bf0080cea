/**
 * The member's push state (issue 11, item 1): the public configuration, turning reminders on
 * (the subscription is the spec's fcm_token, notification_permission becomes granted) and
 * off, what a subscription must be, and the feature hiding itself without VAPID keys.
 */
import t from 'tap';
import webPush from 'web-push';
import { apiMessages } from '#shared/messages-api.ts';
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
  await refused('an http endpoint', { fcm_token: { ...phone.subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/x' } }, '알림 구독 정보를 다시 확인해 주세요.');
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
