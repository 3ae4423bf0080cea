/**
 * The gateway passes a write's Idempotency-Key on (decision 0141): the browser's key reaches the
 * API as the draft's sf-string, on the retry after a refreshed token too; an invalid key is
 * refused here (400) and never forwarded; the API's `Idempotent-Replayed: true` comes back to
 * the browser. Against the reference API: a repeat through the portal gets the first answer,
 * marked, and the API stores one diary.
 */
import t from 'tap';
import type { ServerResponse } from 'node:http';
import { serverMessages } from '#shared/messages-server.ts';
import { curatedBooks } from '#server/homepage-api/seed/books.ts';
import { echo, startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const upstream = await startFakeUpstream();
const portal = await buildTestPortal(upstream.url);
t.teardown(async () => {
  await portal.close();
  await upstream.close();
});
t.beforeEach(() => {
  upstream.set(echo);
  upstream.requests.length = 0;
});

const write = (key: string | undefined, cookie?: string) =>
  portal.app.inject({
    method: 'POST',
    url: '/api/v1/homepage/user/goal',
    headers: { ...PORTAL_CALL, ...(key === undefined ? {} : { 'idempotency-key': key }), ...(cookie ? { cookie } : {}) },
    payload: { goal_books: 12 },
  });

t.test('the key reaches the API as an sf-string; none is sent without one', async (t) => {
  for (const given of ['"8e03978e-40d5-43e8-bc93-6894a57f9324"', '8e03978e-40d5-43e8-bc93-6894a57f9324']) {
    upstream.requests.length = 0;
    const res = await write(given);
    t.equal(res.statusCode, 200, given);
    t.equal(upstream.requests[0]?.headers['idempotency-key'], '"8e03978e-40d5-43e8-bc93-6894a57f9324"', `${given}: forwarded quoted`);
    t.equal(res.headers['idempotent-replayed'], undefined, 'not a repeat');
  }
  upstream.requests.length = 0;
  await write(undefined);
  t.equal(upstream.requests[0]?.headers['idempotency-key'], undefined, 'no key, none sent');
});

t.test('an invalid key → 400 from the gateway, nothing forwarded', async (t) => {
  for (const bad of ['', 'two words', '"open', 'k'.repeat(256), '한글키']) {
    const res = await write(bad);
    t.equal(res.statusCode, 400, JSON.stringify(bad.slice(0, 12)));
    t.same(res.json(), { result: 'error', msg: serverMessages.error.idempotencyKeyInvalid });
  }
  t.equal(upstream.requests.length, 0);
});

t.test('the API\'s Idempotent-Replayed: true comes back; other values and other headers do not', async (t) => {
  upstream.set((_req, res) => json(res, 200, { result: 'success', goal_books: 12 }, { 'idempotent-replayed': 'true', 'x-upstream': 'secret' }));
  const replayed = await write('k-1');
  t.equal(replayed.statusCode, 200);
  t.equal(replayed.headers['idempotent-replayed'], 'true');
  t.equal(replayed.headers['x-upstream'], undefined);
  upstream.set((_req, res) => json(res, 200, { result: 'success' }, { 'idempotent-replayed': 'yes' }));
  t.equal((await write('k-2')).headers['idempotent-replayed'], undefined);
  upstream.set((_req, res) => json(res, 422, { result: 'error', msg: '다른 요청', code: 'idempotency_key_reused' }));
  const reused = await write('k-3');
  t.same([reused.statusCode, reused.json().code], [422, 'idempotency_key_reused'], 'the API\'s refusal as it is');
});

t.test('the retry after a refreshed token carries the same key', async (t) => {
  const member = { userId: 'reader01', username: '김서연', userNo: '1', userAuth: ['ROLE_USER'], userKey: 'K', agreeYn: 'Y', noticeYn: 'N' };
  upstream.set((req, res) => {
    if (req.url === '/api/v1/homepage/auth/refresh') {
      return json(res, 200, { result: 'success', expired: false, ...member, access_token: 'access-new', access_expires_in: 1800, refresh_token: 'refresh-new', refresh_expires_in: 86400 });
    }
    if (req.headers.authorization === 'Bearer access-new') return json(res, 200, { result: 'success', goal_books: 12 });
    return json(res, 403, { result: 'error', msg: '만료', code: 'token_expired' });
  });
  const jar = new Jar();
  jar.set('portal_at', 'access-old');
  jar.set('portal_rt', 'refresh-old');
  const res = await write('retry-key-1', jar.header());
  t.equal(res.statusCode, 200);
  const writes = upstream.requests.filter((r) => r.url === '/api/v1/homepage/user/goal');
  t.same(writes.map((r) => [r.headers.authorization, r.headers['idempotency-key']]), [
    ['Bearer access-old', '"retry-key-1"'],
    ['Bearer access-new', '"retry-key-1"'],
  ]);
});

t.test('through the portal to the reference API: the repeat gets the first answer, one diary stored', async (t) => {
  const api = await startReferenceApi({ accessTtlS: 3600 });
  const direct = await buildTestPortal(api.url);
  t.teardown(async () => {
    await direct.close();
    await api.close();
  });
  const signIn = await direct.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { ...loginOf(READER01), keep: false } });
  t.equal(signIn.statusCode, 200);
  const cookie = new Jar().take(signIn).header();
  const diary = { isbn: curatedBooks()[4]?.isbn, content: '포털을 거쳐 두 번 보낸 일지' };
  const send = () => direct.app.inject({ method: 'POST', url: '/api/v1/homepage/activity/bookdiary', headers: { ...PORTAL_CALL, cookie, 'idempotency-key': '"portal-diary-1"' }, payload: diary });
  const first = await send();
  const again = await send();
  t.same([first.statusCode, again.statusCode], [200, 200]);
  t.equal(first.headers['idempotent-replayed'], undefined);
  t.equal(again.headers['idempotent-replayed'], 'true', 'marked as a repeat for the browser');
  t.equal(again.body, first.body, 'the first answer');
  const stored = await api.app.db
    .prepare("SELECT count(*) AS n FROM diaries d JOIN activities a ON a.activity_id = d.activity_id WHERE d.content = ?")
    .get(diary.content);
  t.equal(Number(stored?.['n']), 1, 'one diary');
  const reused = await direct.app.inject({ method: 'POST', url: '/api/v1/homepage/activity/bookdiary', headers: { ...PORTAL_CALL, cookie, 'idempotency-key': 'portal-diary-1' }, payload: { ...diary, content: '고친 일지' } });
  t.same([reused.statusCode, reused.json().code], [422, 'idempotency_key_reused']);
});
