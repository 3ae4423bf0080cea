/**
 * Every member write answers a repeat of itself (decision 0141, the Idempotency-Key draft), on
 * SQLite and with TEST_DATABASE=postgres on PostgreSQL: a repeat gets the first answer with
 * `Idempotent-Replayed: true` and writes nothing (no row, no award, no count of the write rate);
 * the same key for another request → 422; a repeat while the first runs → 409; two instances
 * racing on one key write once; a refusal keeps nothing; keys are per member, kept a day and
 * swept; without a key nothing changes; the OpenAPI document says all of it.
 */
import t from 'tap';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Value } from 'typebox/value';
import webPush from 'web-push';
import { operations, splitKey, type Operation } from '#shared/contract/operations.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { takesIdempotencyKey } from '#server/homepage-api/idempotency.ts';
import { waitFor } from '#test/fixtures/wait.ts';
import { P, bearer, curatedBooks, derefDocument, freshMember, ledgerSum, login, onPostgres, testApi } from './helpers.ts';

type Method = 'POST' | 'PUT' | 'DELETE';

/** A write with an Idempotency-Key (the header as given: quoted or bare). */
function keyed(app: FastifyInstance, token: string, key: string, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: P + url,
    headers: { ...bearer(token), 'idempotency-key': key },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

const memberIdOf = async (app: FastifyInstance, userId: string) =>
  Number((await app.db.prepare('SELECT member_id FROM members WHERE user_id = ?').get(userId))?.['member_id']);

const diariesOf = async (app: FastifyInstance, userId: string) =>
  Number((await app.db.prepare('SELECT count(*) AS n FROM diaries d JOIN activities a ON a.activity_id = d.activity_id JOIN members m ON m.member_id = a.member_id WHERE m.user_id = ?').get(userId))?.['n']);

const countOf = async (app: FastifyInstance, table: string) => Number((await app.db.prepare(`SELECT count(*) AS n FROM ${table}`).get())?.['n']);

/** What a write leaves behind, in the tables the writes touch. */
async function footprint(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = ['activities', 'point_ledger', 'diaries', 'reviews', 'loans', 'purchases', 'author_talk_checkins', 'edu_certifications',
    'challenges', 'challenge_checkins', 'club_members', 'club_meetings', 'penalties', 'push_subscriptions', 'member_writes', 'idempotency_keys'];
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = await countOf(app, table);
  return out;
}

/** A transaction holding the member's row lock (PostgreSQL) until released. */
async function holdMember(app: FastifyInstance, memberId: number): Promise<{ held: Promise<void>; release: () => void }> {
  let release = () => {};
  let holding = () => {};
  const holds = new Promise<void>((resolve) => (holding = resolve));
  const held = app.stores.forMembers([memberId], async () => {
    await app.db.prepare('SELECT 1 AS one').get(); // answered once the lock is held (the pipeline)
    holding();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await holds;
  return { held, release: () => release() };
}

const isbn = curatedBooks()[2]?.isbn ?? '';
const VAPID = { ...webPush.generateVAPIDKeys(), subject: 'mailto:idempotency@example.org' };
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/idempotency-test', keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } };

t.test('every write of a member: a repeat answers the first answer, marked, and writes nothing', async (t) => {
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 30 * 24 * 3600, push: { vapid: VAPID } } });
  t.teardown(close);
  const reader = (await login(app, 'reader01')).access_token;
  const admin = (await login(app, 'admin01')).access_token;
  const fresh = await freshMember(app);
  const ownReview = (await app.stores.activities.reviewOfBook(1, curatedBooks()[0]?.isbn ?? '')) ?? 0;
  const diaryKey = Number((await app.db.prepare("SELECT max(activity_id) AS k FROM activities a JOIN members m USING (member_id) WHERE m.user_id = 'reader01' AND activity_type = 'diary'").get())?.['k']);

  // One valid write for each row that takes a key, in an order that works on the seed.
  const writes: [key: string, token: string, url: string, body?: unknown, before?: () => void][] = [
    ['POST /user/info', fresh, '/user/info', { notice_yn: 'Y' }],
    ['POST /activity/bookdiary', fresh, '/activity/bookdiary', { isbn, content: '다시 보내도 한 번만' }],
    ['POST /activity/bookreview', fresh, '/activity/bookreview', { isbn, title: '한 번', content: '두 번 보내도 한 번 '.repeat(25), rating: 5 }],
    ['PUT /activity/bookreview/:review_key', reader, `/activity/bookreview/${ownReview}`, { title: '고친 서평', content: '고친 내용 '.repeat(50), rating: 4 }],
    ['POST /activity/authentication/loan', fresh, '/activity/authentication/loan', { loan_no: 'IK-0001', isbn, library_code: '4313001', loan_date: '2026-11-21' }],
    ['POST /activity/authentication/purchase', fresh, '/activity/authentication/purchase', { bookstore_key: 2, receipt_no: 'IK-R-1', purchase_date: '2026-11-21', amount: 15000, book_title: '흰', book_format: 'paper' }],
    ['POST /activity/authentication/authortalk', fresh, '/activity/authentication/authortalk', { check_in_code: 'TALK2026' }],
    ['POST /activity/authentication/edu', fresh, '/activity/authentication/edu', { edu_type: 'reading_hours', certificate_no: 'RH-2026-000777', course_name: '독서교실', completed_on: '2026-08-01' }],
    ['POST /challenge/start', fresh, '/challenge/start'],
    ['POST /bookclub/:club_key/join', fresh, '/bookclub/2/join'],
    ['POST /bookclub/:club_key/leave', fresh, '/bookclub/2/leave'],
    ['POST /bookclub/:club_key/meetings', reader, '/bookclub/1/meetings', { held_on: '2026-11-21', topic: '한 번만 기록', attendees: ['2026000001'] }],
    ['POST /bookclub/:club_key/nextmeeting', reader, '/bookclub/1/nextmeeting', { next_meeting_on: '2026-11-28' }],
    ['POST /user/push', reader, '/user/push', { fcm_token: SUBSCRIPTION, reminder_hour: 21 }],
    ['DELETE /user/push', reader, '/user/push?notification_permission=denied'],
    ['POST /user/goal', reader, '/user/goal', { goal_books: 30 }],
    ['POST /admin/penalty', admin, '/admin/penalty', { activity_key: diaryKey, reason: '중복 인증' }],
    ['POST /challenge/checkin', fresh, '/challenge/checkin', undefined, () => clock.advanceDays(1)],
  ];
  const rows = Object.entries(operations as Readonly<Record<string, Operation>>).filter(([k, op]) => takesIdempotencyKey(splitKey(k).method, op)).map(([k]) => k);
  t.same(writes.map(([k]) => k).sort(), rows.sort(), 'every row that takes a key is tried here');
  t.equal(rows.length, 18);

  for (const [row, token, url, body, before] of writes) {
    before?.();
    const method = splitKey(row).method as Method;
    const key = `write-${rows.indexOf(row)}-${randomBytes(4).toString('hex')}`;
    const first = await keyed(app, token, `"${key}"`, method, url, body);
    t.equal(first.statusCode, 200, `${row}: ${first.body.slice(0, 160)}`);
    t.equal(first.headers['idempotent-replayed'], undefined, `${row}: the first answer is not marked`);
    const after = await footprint(app);
    const again = await keyed(app, token, key, method, url, body);
    t.equal(again.statusCode, 200, `${row}: the repeat (the key bare this time)`);
    t.equal(again.headers['idempotent-replayed'], 'true', `${row}: marked as a repeat`);
    t.equal(again.body, first.body, `${row}: the first answer, byte for byte`);
    t.match(again.headers['content-type'], /^application\/json/);
    t.same(await footprint(app), after, `${row}: nothing written again`);
  }
});

t.test('the diary, the review and the check-in: one row, one award, the first answer again', async (t) => {
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 30 * 24 * 3600 } });
  t.teardown(close);
  const token = await freshMember(app);
  const before = await ledgerSum(app, 'reader02');
  const diary = { isbn, content: '버스에서 쓴 일지' };
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await keyed(app, token, 'diary-1', 'POST', '/activity/bookdiary', diary));
  t.same(answers.map((a) => a.statusCode), [200, 200, 200]);
  t.same(answers.map((a) => a.headers['idempotent-replayed'] ?? null), [null, 'true', 'true']);
  const diaries = await diariesOf(app, 'reader02');
  t.equal(diaries, 1, 'one diary stored');
  const earned = answers[0]?.json().points as number;
  t.ok(earned > 0, 'the first write earned');
  t.equal(await ledgerSum(app, 'reader02'), before + earned, 'one award');
  // Without a key the same diary is refused as a repeat: the key is what recognises the same write.
  const unkeyed = await app.inject({ method: 'POST', url: `${P}/activity/bookdiary`, headers: bearer(token), payload: diary });
  t.same([unkeyed.statusCode, unkeyed.json().msg], [409, apiMessages.activity.diaryRepeat]);

  const review = { isbn, title: '지하에서 쓴 서평', content: '천 자 가까운 서평 '.repeat(30), rating: 4 };
  const r1 = await keyed(app, token, 'review-1', 'POST', '/activity/bookreview', review);
  const r2 = await keyed(app, token, 'review-1', 'POST', '/activity/bookreview', { rating: 4, content: review.content, title: review.title, isbn });
  t.same([r1.statusCode, r2.statusCode, r2.headers['idempotent-replayed']], [200, 200, 'true'], 'the body\'s key order does not matter');
  t.equal(r2.body, r1.body);

  t.equal((await keyed(app, token, 'start-1', 'POST', '/challenge/start')).statusCode, 200);
  clock.advanceDays(1);
  const c1 = await keyed(app, token, 'checkin-2', 'POST', '/challenge/checkin');
  const c2 = await keyed(app, token, 'checkin-2', 'POST', '/challenge/checkin');
  t.same([c1.statusCode, c2.statusCode, c2.headers['idempotent-replayed']], [200, 200, 'true']);
  t.equal(c2.body, c1.body, 'the same points and balance as the first time');
  const checkins = Number((await app.db.prepare('SELECT count(*) AS n FROM challenge_checkins WHERE day = ?').get('2026-11-22'))?.['n']);
  t.equal(checkins, 1, 'one check-in');
});

t.test('the same key for another request → 422; a refusal keeps nothing; an invalid key → 400', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const token = await freshMember(app);
  t.equal((await keyed(app, token, 'k-1', 'POST', '/activity/bookdiary', { isbn, content: '첫 내용' })).statusCode, 200);
  const written = await footprint(app);
  for (const [label, method, url, body] of [
    ['another body', 'POST', '/activity/bookdiary', { isbn, content: '고친 내용' }],
    ['another path', 'POST', '/user/goal', { goal_books: 12 }],
    ['another method', 'DELETE', '/user/push', undefined],
  ] as const) {
    const res = await keyed(app, token, 'k-1', method, url, body);
    t.equal(res.statusCode, 422, label);
    t.same(res.json(), { result: 'error', msg: apiMessages.idempotency.keyReused, code: 'idempotency_key_reused' }, label);
  }
  t.same(await footprint(app), written, 'nothing written');

  // A refused write (no such book) keeps no key: the same key, corrected, goes through.
  const refused = await keyed(app, token, 'k-2', 'POST', '/activity/bookdiary', { isbn: '9780000000002', content: '없는 책' });
  t.equal(refused.statusCode, 404);
  t.equal(await countOf(app, 'idempotency_keys'), 1, 'only the success is kept');
  const retried = await keyed(app, token, 'k-2', 'POST', '/activity/bookdiary', { isbn, content: '있는 책' });
  t.same([retried.statusCode, retried.headers['idempotent-replayed']], [200, undefined]);

  for (const bad of ['', 'has space', '"unterminated', '""', 'x'.repeat(256), `"${'x'.repeat(256)}"`, '키', 'a,b', 'a"b']) {
    const res = await keyed(app, token, bad, 'POST', '/user/goal', { goal_books: 12 });
    t.same([res.statusCode, res.json().msg], [400, apiMessages.idempotency.keyInvalid], `refused: ${JSON.stringify(bad.slice(0, 20))}`);
  }
  for (const good of ['x'.repeat(255), `"${'y'.repeat(255)}"`, '8e03978e-40d5-43e8-bc93-6894a57f9324', 'a.b_c:d-e']) {
    t.equal((await keyed(app, token, good, 'POST', '/user/goal', { goal_books: 12 })).statusCode, 200, `taken: ${good.slice(0, 20)}`);
  }
  // Without a token: 401 first, whatever the key.
  const anonymous = await app.inject({ method: 'POST', url: `${P}/user/goal`, headers: { 'idempotency-key': 'bad key' }, payload: { goal_books: 1 } });
  t.equal(anonymous.statusCode, 401);
});

t.test('without a key writes behave as before; a key is the member\'s own', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const reader01 = (await login(app, 'reader01')).access_token;
  const reader02 = await freshMember(app);
  const diary = { isbn, content: '두 회원의 같은 키' };
  const plain = [];
  for (let i = 0; i < 2; i++) plain.push(await app.inject({ method: 'POST', url: `${P}/activity/bookdiary`, headers: bearer(reader01), payload: diary }));
  t.same(plain.map((r) => r.statusCode), [200, 409], 'the second is refused as a repeat, as before');
  t.ok(plain.every((r) => r.headers['idempotent-replayed'] === undefined));
  t.equal(await countOf(app, 'idempotency_keys'), 0, 'no key kept');

  const a = await keyed(app, reader01, 'shared-key', 'POST', '/user/goal', { goal_books: 10 });
  const b = await keyed(app, reader02, 'shared-key', 'POST', '/user/goal', { goal_books: 10 });
  t.same([a.statusCode, b.statusCode], [200, 200]);
  t.equal(b.headers['idempotent-replayed'], undefined, 'member B with A\'s key: a new write');
  const goals = Number((await app.db.prepare('SELECT count(*) AS n FROM reading_goals WHERE goal_books = 10').get())?.['n']);
  t.equal(goals, 2, 'both members\' goals stored');
  t.equal(await countOf(app, 'idempotency_keys'), 2);
});

t.test('a repeat is no write for the write rate', async (t) => {
  const { app, close } = await testApi({ settings: { rules: { writesPerMinute: 2 } } });
  t.teardown(close);
  const token = await freshMember(app);
  t.equal((await keyed(app, token, 'rate-1', 'POST', '/activity/bookdiary', { isbn, content: '하나' })).statusCode, 200);
  for (let i = 0; i < 4; i++) t.equal((await keyed(app, token, 'rate-1', 'POST', '/activity/bookdiary', { isbn, content: '하나' })).headers['idempotent-replayed'], 'true');
  t.equal((await keyed(app, token, 'rate-2', 'POST', '/activity/bookdiary', { isbn, content: '둘' })).statusCode, 200, 'the second write of the minute');
  t.equal((await keyed(app, token, 'rate-3', 'POST', '/activity/bookdiary', { isbn, content: '셋' })).statusCode, 429, 'the third is over the rate');
});

t.test('kept a day: then swept, and the key writes anew', async (t) => {
  const { app, clock, close } = await testApi({ settings: { accessTtlS: 30 * 24 * 3600 } });
  t.teardown(close);
  t.equal(app.settings.idempotencyKeyTtlS, 24 * 60 * 60, 'a day by default');
  const token = await freshMember(app);
  const goal = { goal_books: 20 };
  t.equal((await keyed(app, token, 'day-1', 'POST', '/user/goal', goal)).statusCode, 200);
  clock.advance(24 * 3600 - 60);
  t.equal((await keyed(app, token, 'day-2', 'POST', '/user/goal', goal)).statusCode, 200);
  t.equal((await keyed(app, token, 'day-1', 'POST', '/user/goal', goal)).headers['idempotent-replayed'], 'true', 'within the day: the first answer');
  t.equal(await app.idempotency.sweep(), 0, 'nothing expired yet');
  clock.advance(120);
  const anew = await keyed(app, token, 'day-1', 'POST', '/user/goal', goal);
  t.same([anew.statusCode, anew.headers['idempotent-replayed']], [200, undefined], 'past the day: a new write');
  clock.advance(24 * 3600);
  t.equal(await app.idempotency.sweep(), 2, 'the expired keys swept');
  t.equal(await countOf(app, 'idempotency_keys'), 0);
});

t.test('a repeat while the first still runs → 409, then the first answer', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const token = await freshMember(app);
  const memberId = await memberIdOf(app, 'reader02');
  const diary = { isbn, content: '느린 저장' };
  // The first write stops at the door of its transaction (on SQLite a write holding the turn would
  // hold every other request's statements too, the repeat's token check included).
  const transaction = app.stores.transaction;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  app.stores.transaction = async (fn) => {
    if (first) {
      first = false;
      await gate;
    }
    return await transaction(fn);
  };
  t.teardown(() => {
    app.stores.transaction = transaction;
  });
  const slow = keyed(app, token, 'slow-1', 'POST', '/activity/bookdiary', diary);
  await waitFor('the first write under way', () => app.idempotency.isRunning(memberId, 'slow-1'));
  const during = await keyed(app, token, 'slow-1', 'POST', '/activity/bookdiary', diary);
  t.equal(during.statusCode, 409);
  t.same(during.json(), { result: 'error', msg: apiMessages.idempotency.inProgress, code: 'idempotency_in_progress' });
  release();
  const done = await slow;
  t.equal(done.statusCode, 200);
  const after = await keyed(app, token, 'slow-1', 'POST', '/activity/bookdiary', diary);
  t.same([after.statusCode, after.headers['idempotent-replayed'], after.body], [200, 'true', done.body]);
  const metrics = await app.apiMetrics.registry.metrics();
  t.match(metrics, /homepage_api_idempotency_total\{outcome="in_progress"\} 1\b/);
  t.match(metrics, /homepage_api_idempotency_total\{outcome="replayed"\} 1\b/);
  t.match(metrics, /homepage_api_idempotency_total\{outcome="mismatch"\} 0\b/);
});

t.test('two instances on one database, the same key at once: one write', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'api-idempotency-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const dbFile = join(dir, 'homepage.db');
  const one = await testApi({ dbFile });
  t.teardown(one.close);
  const two = await testApi({ dbFile });
  t.teardown(two.close);
  const token = await freshMember(one.app);
  const diary = { isbn, content: '두 곳에 동시에' };
  const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => keyed(i % 2 ? two.app : one.app, token, 'race-1', 'POST', '/activity/bookdiary', diary)));
  const fresh = burst.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined);
  t.equal(fresh.length, 1, `one write ran (${burst.map((r) => r.statusCode).join(' ')})`);
  for (const r of burst) {
    if (r.statusCode === 200) t.equal(r.body, fresh[0]?.body, 'every other 200 is the first answer');
    else t.same([r.statusCode, r.json().code], [409, 'idempotency_in_progress']);
  }
  const diaries = await diariesOf(one.app, 'reader02');
  t.equal(diaries, 1, 'one diary');
});

t.test('PostgreSQL: another instance running the key holds its advisory lock → 409', { skip: !onPostgres() && 'PostgreSQL only (TEST_DATABASE=postgres)' }, async (t) => {
  const dbFile = `idempotency-advisory-${process.pid}`;
  const one = await testApi({ dbFile });
  t.teardown(one.close);
  const two = await testApi({ dbFile });
  t.teardown(two.close);
  const token = await freshMember(one.app);
  const memberId = await memberIdOf(one.app, 'reader02');
  const diary = { isbn, content: '다른 인스턴스' };
  const advisory = async () => Number((await one.app.db.prepare("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted").get())?.['n']);
  const locksBefore = await advisory();
  const { held, release } = await holdMember(one.app, memberId);
  const first = keyed(one.app, token, 'pg-1', 'POST', '/activity/bookdiary', diary);
  await waitFor('the first write holding its advisory lock', async () => (await advisory()) > locksBefore);
  const elsewhere = await keyed(two.app, token, 'pg-1', 'POST', '/activity/bookdiary', diary);
  t.same([elsewhere.statusCode, elsewhere.json().code], [409, 'idempotency_in_progress'], 'the other instance sees the key running');
  release();
  await held;
  const done = await first;
  t.equal(done.statusCode, 200);
  const after = await keyed(two.app, token, 'pg-1', 'POST', '/activity/bookdiary', diary);
  t.same([after.statusCode, after.headers['idempotent-replayed'], after.body], [200, 'true', done.body], 'then the first answer, there too');
});

t.test('the OpenAPI document: the header, 409 and 422 and Idempotent-Replayed on every write, nowhere else', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  type Op = { parameters?: { in: string; name: string; required?: boolean; schema?: { pattern?: string } }[]; responses: Record<string, { headers?: Record<string, unknown>; content?: { 'application/json'?: { schema?: object } } }> };
  const doc = derefDocument((await app.inject({ url: '/docs/openapi.json' })).json() as { paths: Record<string, Record<string, Op>> });
  let writes = 0;
  for (const [key, op] of Object.entries(operations as Readonly<Record<string, Operation>>)) {
    const { method, path } = splitKey(key);
    const documented = doc.paths[P + path.replace(/:([a-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
    if (!documented) {
      t.fail(`${key} is not documented`);
      continue;
    }
    const header = documented.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    const replayed = documented.responses['200']?.headers?.['Idempotent-Replayed'];
    if (takesIdempotencyKey(method, op)) {
      writes++;
      t.ok(header && header.required === false && header.schema?.pattern, `${key}: the optional header`);
      t.ok(documented.responses['409'] && documented.responses['422'], `${key}: 409 and 422`);
      t.ok(replayed, `${key}: Idempotent-Replayed`);
    } else {
      t.notOk(header ?? replayed ?? documented.responses['422'], `${key}: no key`);
    }
  }
  t.equal(writes, 18);
  // The refusals match their documented schemas.
  const token = await freshMember(app);
  await keyed(app, token, 'doc-1', 'POST', '/user/goal', { goal_books: 3 });
  const reused = await keyed(app, token, 'doc-1', 'POST', '/user/goal', { goal_books: 4 });
  const schema = doc.paths[`${P}/user/goal`]?.['post']?.responses['422']?.content?.['application/json']?.schema;
  t.ok(schema && Value.Check(schema, reused.json()), '422 matches ErrorAnswer');
});
