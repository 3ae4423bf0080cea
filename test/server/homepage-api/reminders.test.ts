/**
 * The reminders end to end (decisions 0066, 0110): the API sends through web-push to a local push
 * service stand-in, which checks the VAPID JWT and decrypts the aes128gcm payload with the
 * browser's keys. The daily challenge reminder goes only to members with a challenge under way,
 * not checked in today, at the hour they chose; once, across a restart and two API processes;
 * a 410 removes the subscription; the year-end and club reminders at their times.
 */
import t, { type Test } from 'tap';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webPush from 'web-push';
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '#shared/messages-api.ts';
import type { HomepageApiOptions } from '#server/homepage-api/app.ts';
import { webPushSender } from '#server/homepage-api/push/sender.ts';
import { captureLogs } from '#test/fixtures/logs.ts';
import type { Remind } from '#server/homepage-api/store/push.ts';
import { call, freshMember, login, testApi, type TestApi } from './helpers.ts';
import { browser, decrypt, PUSH_HOST, pushService, vapidClaims, type Browser, type PushService } from './push-service.ts';

const VAPID = { ...webPush.generateVAPIDKeys(), subject: 'mailto:reading@library.example.org' };
const ALL: Remind = { challenge: 'Y', points_expiring: 'Y', club_meeting: 'Y' };
const LONG_TOKENS = 60 * 24 * 3600;

async function pushApi(service: PushService, opts: { dbFile?: string; start?: string; logger?: HomepageApiOptions['logger'] } = {}): Promise<TestApi> {
  return testApi({
    ...opts,
    settings: {
      accessTtlS: LONG_TOKENS,
      push: { vapid: VAPID, serviceHosts: [PUSH_HOST], sender: webPushSender(VAPID, { agent: service.agent }) },
    },
  });
}

/** Turns a member's reminders on through the API (members who can sign in). */
async function turnOn(app: FastifyInstance, token: string, b: Browser, hour: number, reminders: Remind = ALL) {
  const r = await call(app, token, 'POST', '/user/push', { fcm_token: b.subscription, reminder_hour: hour, reminders });
  if (r.statusCode !== 200) throw new Error(r.body);
}

/** The same for seeded members who cannot sign in (generated, expired), straight into the store. */
async function turnOnStored(api: TestApi, memberId: number, b: Browser, hour: number, remind: Remind = ALL) {
  const { stores } = api.app;
  await stores.transaction(async () => {
    await stores.push.saveState(memberId, { permission: 'granted', reminderHour: hour, remind }, api.clock.now());
    await stores.push.subscribe(memberId, { endpoint: b.subscription.endpoint, p256dh: b.subscription.keys.p256dh, auth: b.subscription.keys.auth }, api.clock.now());
  });
}

/** A challenge under way since `started`, last checked in on `last`. */
async function challengeUnderWay(api: TestApi, memberId: number, started: string, last: string, streak: number) {
  const { challenges } = api.app.stores;
  const c = await challenges.start(memberId, started);
  await challenges.save({ ...c, lastCheckinDay: last, streak });
}

/** The one notification the service received for `b`, checked and decrypted. */
function opened(t: Test, service: PushService, b: Browser, name: string) {
  const got = service.received.filter((r) => r.name === name);
  t.equal(got.length, 1, `${name}: one notification`);
  const r = got[0];
  if (!r) return undefined;
  const claims = vapidClaims(r.headers, VAPID.publicKey);
  t.equal(claims.aud, service.origin, `${name}: the JWT's audience is the push service's origin`);
  t.equal(claims.sub, VAPID.subject, `${name}: the JWT names the subject`);
  const nowS = Date.now() / 1000;
  t.ok(claims.exp > nowS && claims.exp <= nowS + 24 * 3600, `${name}: the JWT expires in the future, within 24 hours`);
  t.equal(r.headers['content-encoding'], 'aes128gcm');
  t.notOk(r.body.toString('latin1').includes('"title"'), `${name}: the body is not plaintext`);
  return { headers: r.headers, payload: JSON.parse(decrypt(r.body, b)) as unknown };
}

t.test('the daily challenge reminder: signed, encrypted, to the right members at their hour, once across a restart', async (t) => {
  const service = await pushService();
  t.teardown(service.close);
  const dbFile = join(mkdtempSync(join(tmpdir(), 'reminders-')), 'homepage.db');
  let api = await pushApi(service, { dbFile, start: '2026-11-21T10:00:00+09:00' });
  t.teardown(() => api.close());

  // reader01: the seeded challenge, checked in through yesterday (day 5), not yet today; 20:00.
  const reader01 = browser(service.endpoint('reader01'));
  await turnOn(api.app, (await login(api.app, 'reader01')).access_token, reader01, 20);
  // reader02 starts a challenge today (checked in): no reminder today.
  const reader02Token = await freshMember(api.app);
  t.equal((await call(api.app, reader02Token, 'POST', '/challenge/start')).statusCode, 200);
  const reader02 = browser(service.endpoint('reader02'));
  await turnOn(api.app, reader02Token, reader02, 20);
  // admin01: under way, not checked in, but chose 21:00.
  await challengeUnderWay(api, 6, '2026-11-18', '2026-11-20', 3);
  const admin01 = browser(service.endpoint('admin01'));
  await turnOn(api.app, (await login(api.app, 'admin01')).access_token, admin01, 21);
  // member101: under way, not checked in, 20:00, but turned the challenge reminder off.
  await challengeUnderWay(api, 101, '2026-11-19', '2026-11-20', 2);
  await turnOnStored(api, 101, browser(service.endpoint('member101')), 20, { ...ALL, challenge: 'N' });
  // member102: a challenge that ended (last check-in two days ago), 20:00.
  await challengeUnderWay(api, 102, '2026-11-10', '2026-11-19', 10);
  await turnOnStored(api, 102, browser(service.endpoint('member102')), 20);
  // member103: no challenge at all, 20:00.
  await turnOnStored(api, 103, browser(service.endpoint('member103')), 20);
  // expired01: under way, 20:00, but the membership has expired.
  await challengeUnderWay(api, 3, '2026-11-19', '2026-11-20', 2);
  await turnOnStored(api, 3, browser(service.endpoint('expired01')), 20);
  // member104: under way, 20:00, turned push off in the browser afterwards (permission denied).
  await challengeUnderWay(api, 104, '2026-11-19', '2026-11-20', 2);
  await turnOnStored(api, 104, browser(service.endpoint('member104')), 20);
  await api.app.stores.push.saveState(104, { permission: 'denied', reminderHour: 20, remind: ALL }, api.clock.now());

  api.clock.set('2026-11-21T19:00:00+09:00');
  t.match(await api.app.reminders.run('challenge'), { day: '2026-11-21', due: 0, sent: 0 }, '19:00: nobody chose it');
  t.equal(service.received.length, 0);

  api.clock.set('2026-11-21T20:00:00+09:00');
  t.same(await api.app.reminders.run('challenge'), { kind: 'challenge', day: '2026-11-21', due: 1, skipped: 0, refused: 0, sent: 1, gone: 0, failed: 0 });
  t.same(service.received.map((r) => r.name), ['reader01'], 'only reader01');
  const got = opened(t, service, reader01, 'reader01');
  t.same(got?.payload, { title: '21일 챌린지 출석', body: apiMessages.push.challenge.body(6), url: '/challenge/challenge' });
  t.equal(apiMessages.push.challenge.body(6), '오늘 6일째 출석을 아직 하지 않았습니다. 자정 전에 출석을 인증해 주세요.');
  t.equal(got?.headers['ttl'], String(4 * 3600), 'kept until Seoul midnight');
  // The stand-in's checks are not vacuous: another key, a forged signature, another browser fail.
  const first = service.received[0];
  if (first) {
    t.throws(() => vapidClaims(first.headers, webPush.generateVAPIDKeys().publicKey), /not the server/);
    const forged = { ...first.headers, authorization: first.headers.authorization?.replace(/[\w-]{4}, k=/, 'AAAA, k=') };
    t.throws(() => vapidClaims(forged, VAPID.publicKey), /does not verify/);
    t.throws(() => decrypt(first.body, browser(service.endpoint('someone-else'))), 'another browser cannot read it');
  }
  t.equal(got?.headers['topic'], 'challenge');
  t.equal(got?.headers['urgency'], 'normal');

  t.match(await api.app.reminders.run('challenge'), { due: 0, sent: 0 }, 'run again at 20:00: nothing more');
  await api.close();

  // A restart: a new app on the same database file.
  api = await pushApi(service, { dbFile, start: '2026-11-21T20:00:00+09:00' });
  t.match(await api.app.reminders.run('challenge'), { due: 0, sent: 0 }, 'after a restart: not sent again');
  t.equal(service.received.length, 1);

  // Two API processes on one database at 21:00: admin01 gets one reminder.
  const second = await pushApi(service, { dbFile, start: '2026-11-21T21:00:00+09:00' });
  t.teardown(second.close);
  api.clock.set('2026-11-21T21:00:00+09:00');
  const [a, b] = await Promise.all([api.app.reminders.run('challenge'), second.app.reminders.run('challenge')]);
  t.equal(a.sent + b.sent, 1, 'one of the two sends it');
  t.same(service.received.map((r) => r.name), ['reader01', 'admin01']);
  t.same(opened(t, service, admin01, 'admin01')?.payload, { title: '21일 챌린지 출석', body: apiMessages.push.challenge.body(4), url: '/challenge/challenge' });
  t.same(
    (await api.app.db.prepare("SELECT member_id, day, outcome, status FROM push_sends WHERE kind = 'challenge' ORDER BY member_id").all()).map((r) => ({ ...r })),
    [{ member_id: 1, day: '2026-11-21', outcome: 'sent', status: 201 }, { member_id: 6, day: '2026-11-21', outcome: 'sent', status: 201 }],
    'the send log',
  );

  // The next day at 20:00: reader01 missed the 21st, so the run ended: no reminder; reader02,
  // who started on the 21st, has not checked in on the 22nd: day 2.
  api.clock.set('2026-11-22T20:00:00+09:00');
  t.match(await api.app.reminders.run('challenge'), { day: '2026-11-22', due: 1, sent: 1 });
  t.same(service.received.map((r) => r.name), ['reader01', 'admin01', 'reader02']);
  t.same(opened(t, service, reader02, 'reader02')?.payload, { title: '21일 챌린지 출석', body: apiMessages.push.challenge.body(2), url: '/challenge/challenge' });
  // A member checking in between the due list and the claim is not reminded.
  await challengeUnderWay(api, 105, '2026-11-20', '2026-11-21', 2);
  await turnOnStored(api, 105, browser(service.endpoint('member105')), 20);
  const due = await api.app.stores.push.challengeDue({ today: '2026-11-22', yesterday: '2026-11-21', hour: 20 });
  t.same(due.map((d) => d.memberId), [105]);
  const c = await api.app.stores.challenges.active(105);
  if (c) await api.app.stores.challenges.save({ ...c, lastCheckinDay: '2026-11-22', streak: 3 });
  t.match(await api.app.reminders.run('challenge'), { due: 0, sent: 0 }, 'checked in: not due');
  t.equal(service.received.length, 3);
});

t.test('a subscription the push service calls gone (410) is removed; a refusal (500) is logged and kept', async (t) => {
  const service = await pushService();
  t.teardown(service.close);
  const api = await pushApi(service, { start: '2026-11-21T10:00:00+09:00' });
  t.teardown(api.close);
  const tok = (await login(api.app, 'reader01')).access_token;
  await turnOn(api.app, tok, browser(service.endpoint('reader01-gone')), 20);
  service.answer('reader01-gone', 410);
  await challengeUnderWay(api, 6, '2026-11-19', '2026-11-20', 2);
  await turnOnStored(api, 6, browser(service.endpoint('admin01-busy')), 20);
  service.answer('admin01-busy', 500);

  api.clock.set('2026-11-21T20:00:00+09:00');
  t.same(await api.app.reminders.run('challenge'), { kind: 'challenge', day: '2026-11-21', due: 2, skipped: 0, refused: 0, sent: 0, gone: 1, failed: 1 });
  t.match((await call(api.app, tok, 'GET', '/user/push')).json().push, { notification_permission: 'granted', fcm_token: null }, 'the gone subscription is removed');
  t.equal((await api.app.stores.push.state(6))?.endpoint, service.endpoint('admin01-busy'), 'a refusal keeps the subscription');
  t.same(
    (await api.app.db.prepare("SELECT member_id, outcome, status FROM push_sends ORDER BY member_id").all()).map((r) => ({ ...r })),
    [{ member_id: 1, outcome: 'gone', status: 410 }, { member_id: 6, outcome: 'failed', status: 500 }],
  );
  // A member who renewed the subscription meanwhile keeps the new one.
  const renewed = browser(service.endpoint('admin01-renewed'));
  await api.app.stores.push.removeGone(6, renewed.subscription.endpoint);
  t.equal((await api.app.stores.push.state(6))?.endpoint, service.endpoint('admin01-busy'), 'only the endpoint that was gone is removed');
});

t.test('a stored endpoint is checked again before sending: one that fails is not sent to, and is logged by its host only', async (t) => {
  const service = await pushService();
  t.teardown(service.close);
  const logs = captureLogs();
  const api = await pushApi(service, { start: '2026-11-21T20:00:00+09:00', logger: { level: 'info', stream: logs.stream } });
  t.teardown(api.close);
  // Rows stored before the check existed (straight into the store): a port, credentials, an
  // address url.parse reads as another host, an IP address. Each under way, due at 20:00.
  const stored: [number, string][] = [
    [101, `${service.origin}:8443/push/secret-port`],
    [102, `https://127.0.0.1@${PUSH_HOST}/push/secret-credentials`],
    [103, `https://evil.example;.${PUSH_HOST}/push/secret-parsers`],
    [104, 'https://127.0.0.1/push/secret-ip'],
  ];
  for (const [memberId, endpoint] of stored) {
    await challengeUnderWay(api, memberId, '2026-11-19', '2026-11-20', 2);
    await turnOnStored(api, memberId, browser(endpoint), 20);
  }
  // And one that passes, stored as a browser might give it (port 443 said, host in capitals): sent to its normalised address.
  await challengeUnderWay(api, 105, '2026-11-19', '2026-11-20', 2);
  await turnOnStored(api, 105, browser(`https://${PUSH_HOST.toUpperCase()}:443/push/member105`), 20);

  t.same(await api.app.reminders.run('challenge'), { kind: 'challenge', day: '2026-11-21', due: 5, skipped: 0, refused: 4, sent: 1, gone: 0, failed: 0 });
  t.same(service.received.map((r) => r.name), ['member105'], 'only the endpoint that passes gets a request');
  t.equal(vapidClaims(service.received[0]?.headers ?? {}, VAPID.publicKey).aud, `https://${PUSH_HOST}`, 'signed for the normalised origin');
  t.same(
    (await api.app.db.prepare("SELECT member_id FROM push_sends WHERE kind = 'challenge' ORDER BY member_id").all()).map((r) => r['member_id']),
    [105],
    'the refused ones are not claimed',
  );
  const refusals = logs.lines.filter((l) => l['msg'] === 'stored push endpoint refused, reminder not sent');
  t.same(
    refusals.map((l) => [l['memberId'], l['endpointHost'], l['problem']]),
    [[101, PUSH_HOST, 'port'], [102, PUSH_HOST, 'credentials'], [103, `evil.example;.${PUSH_HOST}`, 'host'], [104, '127.0.0.1', 'ip']],
    'each refusal logged with its reason and the host the address names',
  );
  t.notMatch(logs.text(), /secret-/, 'no endpoint path in the logs');

  // Rows that pass the syntax but not the push services' hosts (changed since they were stored): refused at send time too.
  await api.close();
  const moved = await testApi({
    start: '2026-11-22T20:00:00+09:00',
    logger: { level: 'info', stream: logs.stream },
    settings: { accessTtlS: LONG_TOKENS, push: { vapid: VAPID, serviceHosts: ['fcm.googleapis.com'], sender: webPushSender(VAPID, { agent: service.agent }) } },
  });
  t.teardown(moved.close);
  await challengeUnderWay(moved, 105, '2026-11-20', '2026-11-21', 3);
  await turnOnStored(moved, 105, browser(service.endpoint('member105-again')), 20);
  t.match(await moved.app.reminders.run('challenge'), { refused: 1, sent: 0 });
  t.match(logs.lines.at(-2), { memberId: 105, endpointHost: PUSH_HOST, problem: 'unknown_service' });
  t.equal(service.received.length, 1);
});

t.test('points about to expire: from 20 December at 10:00, members with a balance, once a year', async (t) => {
  const service = await pushService();
  t.teardown(service.close);
  const api = await pushApi(service, { start: '2026-11-21T10:00:00+09:00' });
  t.teardown(api.close);
  const reader01 = browser(service.endpoint('reader01'));
  const tok = (await login(api.app, 'reader01')).access_token;
  await turnOn(api.app, tok, reader01, 20);
  await turnOn(api.app, await freshMember(api.app), browser(service.endpoint('reader02')), 20); // balance 0
  await turnOnStored(api, 101, browser(service.endpoint('member101')), 20, { ...ALL, points_expiring: 'N' }); // has points, said no
  t.ok(await api.app.stores.points.balance(101) > 0, 'member101 has points');
  const member102 = browser(service.endpoint('member102'));
  await turnOnStored(api, 102, member102, 9, { ...ALL, challenge: 'N' }); // has points, other hour: the hour is only the challenge's

  api.clock.set('2026-12-19T10:00:00+09:00');
  t.match(await api.app.reminders.run('points_expiring'), { due: 0, sent: 0 }, '19 December: not yet');
  api.clock.set('2026-12-20T10:00:00+09:00');
  const balance = (await call(api.app, tok, 'GET', '/user/point')).json().point.balance as number;
  t.ok(balance > 0);
  t.match(await api.app.reminders.run('points_expiring'), { day: '2026-12-31', due: 2, sent: 2 });
  t.same(service.received.map((r) => r.name).sort(), ['member102', 'reader01']);
  const got = opened(t, service, reader01, 'reader01');
  t.same(got?.payload, { title: '포인트 소멸 안내', body: apiMessages.push.pointsExpiring.body(balance), url: '/mypage/mypage' });
  t.match(String(got && (got.payload as { body: string }).body), /^보유한 [\d,]+포인트는 12월 31일이 지나면 소멸됩니다\./);
  t.equal(got?.headers['topic'], 'points-expiring');
  t.ok(opened(t, service, member102, 'member102'));

  api.clock.set('2026-12-21T10:00:00+09:00');
  t.match(await api.app.reminders.run('points_expiring'), { due: 0, sent: 0 }, '21 December: once a year');
  api.clock.set('2026-12-31T10:00:00+09:00');
  t.match(await api.app.reminders.run('points_expiring'), { due: 0, sent: 0 }, '31 December: still once');
  t.equal(service.received.length, 2);
});

t.test('a club meeting tomorrow: the day before at 18:00, to the members of the clubs meeting', async (t) => {
  const service = await pushService();
  t.teardown(service.close);
  const api = await pushApi(service, { start: '2026-11-21T10:00:00+09:00' });
  t.teardown(api.close);
  const leader = (await login(api.app, 'reader01')).access_token; // leads club 1, belongs to club 2
  const reader01 = browser(service.endpoint('reader01'));
  await turnOn(api.app, leader, reader01, 20);
  await turnOn(api.app, await freshMember(api.app), browser(service.endpoint('reader02')), 20); // in no club
  const member115 = browser(service.endpoint('member115'));
  await turnOnStored(api, 115, member115, 20); // club 1
  await turnOnStored(api, 129, browser(service.endpoint('member129')), 20, { ...ALL, club_meeting: 'N' }); // club 1, said no
  await turnOnStored(api, 105, browser(service.endpoint('member105')), 20); // leads club 3, no meeting announced

  // The seed announces club 1's next meeting for tomorrow; the leader can move or clear it.
  const club = (await call(api.app, leader, 'GET', '/bookclub/1')).json().club;
  t.equal(club.next_meeting_on, '2026-11-22', 'the seeded next meeting');
  const moved = await call(api.app, leader, 'POST', '/bookclub/1/nextmeeting', { next_meeting_on: '2026-11-28' });
  t.match(moved.json(), { club: { next_meeting_on: '2026-11-28' }, msg: '다음 모임 날짜를 11월 28일로 정했습니다.' });
  t.match((await call(api.app, leader, 'POST', '/bookclub/1/nextmeeting', { next_meeting_on: null })).json(), { club: { next_meeting_on: null }, msg: '다음 모임 날짜를 지웠습니다.' });
  const past = await call(api.app, leader, 'POST', '/bookclub/1/nextmeeting', { next_meeting_on: '2026-11-20' });
  t.same([past.statusCode, past.json().msg], [400, '다음 모임 날짜는 오늘부터 180일 안에서 골라 주세요.']);
  const notLeader = await call(api.app, leader, 'POST', '/bookclub/2/nextmeeting', { next_meeting_on: '2026-11-22' });
  t.same([notLeader.statusCode, notLeader.json().msg], [404, '동아리 회장만 다음 모임 날짜를 정할 수 있습니다.']);
  t.equal((await call(api.app, leader, 'POST', '/bookclub/1/nextmeeting', { next_meeting_on: '2026-11-22' })).statusCode, 200);

  api.clock.set('2026-11-21T18:00:00+09:00');
  t.match(await api.app.reminders.run('club_meeting'), { day: '2026-11-22', due: 2, sent: 2 });
  t.same(service.received.map((r) => r.name).sort(), ['member115', 'reader01']);
  t.same(opened(t, service, reader01, 'reader01')?.payload, {
    title: '독서동아리 모임 안내', body: '내일 상당 책수다 모임이 있습니다. 모임 일정을 확인해 주세요.', url: '/bookclub/bookclub',
  });
  t.ok(opened(t, service, member115, 'member115'));
  t.match(await api.app.reminders.run('club_meeting'), { due: 0, sent: 0 }, 'once');

  // Two clubs meeting the same day: one notification naming the first and counting the other.
  await api.app.stores.clubs.setNextMeeting(1, '2026-11-23');
  await api.app.stores.clubs.setNextMeeting(2, '2026-11-23');
  api.clock.set('2026-11-22T18:00:00+09:00');
  t.match(await api.app.reminders.run('club_meeting'), { day: '2026-11-23', sent: 2 });
  const latest = service.received.filter((r) => r.name === 'reader01').at(-1);
  t.same(latest && JSON.parse(decrypt(latest.body, reader01)), {
    title: '독서동아리 모임 안내', body: '내일 상당 책수다 외 1개 동아리의 모임이 있습니다. 모임 일정을 확인해 주세요.', url: '/bookclub/bookclub',
  });
  // A past meeting day is not shown as the next meeting.
  api.clock.set('2026-11-24T09:00:00+09:00');
  t.equal((await call(api.app, leader, 'GET', '/bookclub/1')).json().club.next_meeting_on, null);
});
