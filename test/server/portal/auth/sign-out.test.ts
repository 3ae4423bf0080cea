/**
 * 로그아웃 that holds when the homepage API is away (decision 0024). The attack round
 * signed out while the API was unreachable: the portal answered "success", and a copy of the
 * cookies then read the member card and info through the gateway, minted token pairs and wrote
 * a diary that earned 50 points, for as long as the refresh token lived. Now:
 * - the member is told plainly that the sign-out was not confirmed upstream (202, Korean);
 * - the session's id and the hashes of its tokens are recorded first, so a copy — whole, or
 *   without the session cookie, or a token alone — reads, mints and writes nothing through any
 *   route, while the API itself would still take the tokens;
 * - the revocation waits in the outbox and reaches the API once it answers, also after a
 *   restart (the journal under DATA_DIR).
 */
import t, { type Test } from 'tap';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { serverMessages } from '#shared/messages-server.ts';
import { curatedBooks } from '#server/homepage-api/seed/books.ts';
import { waitFor } from '#test/fixtures/wait.ts';
import { startForwarder, type RecordedRequest } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi, type TestPortal } from '#test/fixtures/portal.ts';
import { parsePrometheusText, sampleValue } from '#test/fixtures/prometheus-text.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

const P = '/api/v1/homepage';
const ISBN = curatedBooks()[7]?.isbn ?? '';
/** The API's clock: held still, so a token spent in a test is within the API's grace (decision 0114). */
const now = Date.now();
const api = await startReferenceApi({ accessTtlS: 600, clock: () => now });
const upstream = await startForwarder(api.url);
const env = { SESSION_SECRET: randomBytes(32).toString('base64url'), LOGIN_RATE_PER_MINUTE: '1000' };
const dataDir = mkdtempSync(join(tmpdir(), 'portal-sign-out-'));
let portal = await buildTestPortal(upstream.url, { ...env, DATA_DIR: dataDir });
t.teardown(async () => {
  await portal.close();
  await upstream.close();
  await api.close();
});

const revocation = (r: RecordedRequest) => r.url.startsWith(`${P}/auth/logout`) || r.url.startsWith(`${P}/common/token/logout`);
const allAway = () => true;

async function signIn(p: TestPortal = portal): Promise<Jar> {
  const res = await p.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { user_id: 'reader01', user_pass: PASSWORD, keep: true } });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}`);
  return new Jar().take(res);
}

/** The API itself, past the portal: does it still take this access token? */
const apiTakes = async (access: string) => (await api.app.inject({ url: `${P}/user/info`, headers: { authorization: `Bearer ${access}` } })).statusCode === 200;
const balance = async () => Number((await api.app.db.prepare('SELECT coalesce(sum(points), 0) AS n FROM point_ledger WHERE member_id = 1').get())?.['n']);

/** Every way a copy of the signed-out cookies might be used, through every kind of route. */
async function replay(t: Test, p: TestPortal, name: string, copy: Jar): Promise<void> {
  const cookie = copy.header();
  const json = { ...PORTAL_CALL, cookie };
  const reads = ['/user/info', '/user/api/card', '/user/point'];
  for (const path of reads) {
    const res = await p.app.inject({ method: 'GET', url: `${P}${path}`, headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    t.equal(res.statusCode, 401, `${name}: gateway ${path} is refused`);
    t.notOk(res.body.includes('reader01') || res.body.includes('2026000001'), `${name}: gateway ${path} reads nothing`);
  }
  const write = await p.app.inject({ method: 'POST', url: `${P}/activity/bookdiary`, headers: json, payload: { isbn: ISBN, content: '복사한 쿠키로 쓴 일지' } });
  t.equal(write.statusCode, 401, `${name}: a diary write is refused`);
  for (const [method, url] of [['GET', '/api/token/access/token'], ['GET', '/api/token/refresh/token'], ['POST', '/api/token/refresh/auto']] as const) {
    const res = await p.app.inject({ method, url, headers: json });
    t.equal(res.statusCode, 401, `${name}: ${url} is refused`);
    t.notOk(res.body.includes('access_token'), `${name}: ${url} gives no token`);
    t.notOk(res.cookies.some((c) => (c.name === 'portal_at' || c.name === 'portal_rt') && c.value), `${name}: ${url} sets no token cookie`);
  }
  const page = await p.app.inject({ method: 'GET', url: '/mypage/mypage', headers: { accept: 'text/html', cookie } });
  t.equal(page.statusCode, 200, `${name}: my page renders`);
  for (const secret of ['김서연', 'reader01', '2026000001']) t.notOk(page.body.includes(secret), `${name}: my page shows no ${secret}`);
}

/** The copies an attacker may hold: all the cookies, or some of them. */
function copies(jar: Jar): [string, Jar][] {
  const only = (...names: string[]) => {
    const c = new Jar();
    for (const n of names) c.set(n, jar.get(n) ?? '');
    return c;
  };
  return [
    ['the whole copy', only('portal_at', 'portal_rt', 'portal_session', 'autoLogin')],
    ['without the session cookie', only('portal_at', 'portal_rt', 'autoLogin')],
    ['the refresh token alone', only('portal_rt', 'autoLogin')],
    ['the access token alone', only('portal_at')],
  ];
}

t.test('signed out with the API away: told so plainly; a copy of the cookies reads, mints and writes nothing; the revocation lands later', async (t) => {
  const jar = await signIn();
  const access = jar.get('portal_at') ?? '';
  const refresh = jar.get('portal_rt') ?? '';
  const before = await balance();

  upstream.cut(allAway);
  const out = await portal.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(out.statusCode, 202, 'not a success: the API did not confirm');
  t.same(out.json(), { result: 'error', code: 'logout_pending', msg: serverMessages.logout.pending, logout_url: '/main/homemain' }, 'the member is told, in Korean, what happened and what to do');
  for (const name of ['portal_at', 'portal_rt', 'portal_session', 'autoLogin']) {
    t.ok(out.cookies.some((c) => c.name === name && (c.value === '' || c.maxAge === 0)), `${name} cleared on this browser`);
  }

  // The API is back for everything but the revocation itself: the tokens are still live there.
  upstream.cut(revocation);
  t.ok(await apiTakes(access), 'the API itself would still take the copied access token');
  const from = upstream.requests.length;
  for (const [name, copy] of copies(jar)) await replay(t, portal, name, copy);
  const carried = upstream.requests.slice(from).filter((r) => !revocation(r) && (r.headers.authorization === `Bearer ${access}` || r.body.includes(refresh)));
  t.same(carried.map((r) => r.url), [], 'no call reached the API with a token of the signed-out session');
  t.equal(await balance(), before, 'no points were earned');

  // Once the API answers, the outbox revokes the tokens there too.
  upstream.cut(undefined);
  await waitFor('the outbox revokes the sign-in', async () => !(await apiTakes(access)));
  t.pass('the API no longer takes the copied access token');
  await waitFor('the outbox has its confirmation', () => portal.logs.lines.some((l) => (l['auth'] as { event?: string } | undefined)?.event === 'sign-out-confirmed'));
  const m = parsePrometheusText(await portal.app.metrics.registry.metrics());
  t.equal(sampleValue(m, 'portal_sign_out_total', { upstream: 'pending' }), 1, 'the pending sign-out is counted');
  t.ok(sampleValue(m, 'portal_sign_out_retries_total', { outcome: 'confirmed' }) >= 1, 'and its confirmation');
  t.equal(sampleValue(m, 'portal_sign_out_outbox_pending'), 0, 'nothing left waiting');
  const text = portal.logs.text();
  for (const secret of [access, refresh]) t.notOk(text.includes(secret), 'no token in the logs');
});

t.test('an older refresh token, spent just before 로그아웃, gets nothing either (the pair that followed it was signed out)', async (t) => {
  const jar = await signIn();
  const older = new Jar();
  older.set('portal_rt', jar.get('portal_rt') ?? '');
  const refreshed = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  jar.take(refreshed);
  upstream.cut(allAway);
  t.equal((await portal.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: jar.header() } })).statusCode, 202);
  upstream.cut(revocation);
  t.teardown(() => upstream.cut(undefined));
  const minted = await portal.app.inject({ method: 'GET', url: '/api/token/refresh/token', headers: { ...PORTAL_CALL, cookie: older.header() } });
  t.equal(minted.statusCode, 401, 'refused, although the API (within its grace) handed back the signed-out pair');
  t.notOk(minted.body.includes('access_token'), 'no token');
  t.notOk(minted.cookies.some((c) => c.name === 'portal_rt' && c.value), 'no token cookie');
});

t.test('a sign-out link followed without JavaScript, with the API away, answers a page that says so', async (t) => {
  const jar = await signIn();
  upstream.cut(allAway);
  t.teardown(() => upstream.cut(undefined));
  const res = await portal.app.inject({ method: 'GET', url: '/api/login/logout', headers: { accept: 'text/html', cookie: jar.header(), 'sec-fetch-site': 'same-origin' } });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/html/);
  t.match(res.body, serverMessages.logout.pendingTitle);
  t.match(res.body, serverMessages.logout.pending);
  t.match(res.body, /href="\/main\/homemain"/);
});

t.test('with the API up, 로그아웃 is confirmed at once and answers success', async (t) => {
  const jar = await signIn();
  const access = jar.get('portal_at') ?? '';
  const out = await portal.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.same([out.statusCode, out.json()], [200, { result: 'success', logout_url: '/main/homemain' }]);
  t.notOk(await apiTakes(access), 'revoked at the API');
});

t.test('the outbox and the signed-out sessions outlive a restart (no Redis: journals in DATA_DIR)', async (t) => {
  const jar = await signIn();
  const access = jar.get('portal_at') ?? '';
  upstream.cut(allAway);
  const out = await portal.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(out.statusCode, 202);
  await portal.close();
  // The same DATA_DIR and SESSION_SECRET, a new process (in effect); the API back but for the revocation.
  upstream.cut(revocation);
  portal = await buildTestPortal(upstream.url, { ...env, DATA_DIR: dataDir });
  t.ok(await apiTakes(access), 'the API would still take the token');
  for (const [name, copy] of copies(jar)) await replay(t, portal, `after the restart, ${name}`, copy);
  upstream.cut(undefined);
  await waitFor('the restarted outbox revokes the sign-in', async () => !(await apiTakes(access)));
  t.ok(portal.logs.lines.some((l) => (l['auth'] as { event?: string } | undefined)?.event === 'sign-out-outbox-resumed'), 'the restart resumed the outbox');
});
