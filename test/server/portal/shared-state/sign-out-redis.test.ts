/**
 * Sign-out that holds across instances with Redis (decision 0024), with a real `redis-server`
 * and two portal instances on it:
 * - with the homepage API away, 로그아웃 on A leaves its revocation in the shared outbox and its
 *   marks in Redis: a copy of the cookies is refused on B, and the revocation reaches the API
 *   once it answers, sent by one instance;
 * - with Redis down during a 로그아웃 on A, the marks stay in A's memory; once Redis is back (it
 *   restarted empty) A writes them again and B refuses the copy too. Before, B never learned of it.
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { waitFor } from '#test/fixtures/wait.ts';
import { startForwarder, type RecordedRequest } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi, type TestPortal } from '#test/fixtures/portal.ts';
import { redisServerAvailable, startRedis } from '#test/fixtures/redis.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

const P = '/api/v1/homepage';
const inCi = !!process.env['CI'] && process.env['CI'] !== 'false';
const available = redisServerAvailable();
if (!available && inCi) throw new Error('redis-server is missing: .ci/run installs it (apt-get install redis-server)');

t.test('sign-out across two instances on one Redis', { skip: available ? false : 'redis-server is not installed (apt-get install redis-server)' }, async (t) => {
  let redis = await startRedis();
  const port = Number(new URL(redis.url).port);
  const admin = new Redis(redis.url, { lazyConnect: true, retryStrategy: () => 100 });
  admin.on('error', () => undefined); // its own reconnects while Redis restarts
  await admin.connect();
  const api = await startReferenceApi({ accessTtlS: 600 });
  const upstream = await startForwarder(api.url);
  const env = { REDIS_URL: redis.url, SESSION_SECRET: randomBytes(32).toString('base64url'), LOGIN_RATE_PER_MINUTE: '1000' };
  const a = await buildTestPortal(upstream.url, env);
  const b = await buildTestPortal(upstream.url, env);
  t.teardown(async () => {
    await a.close();
    await b.close();
    admin.disconnect();
    await redis.stop();
    await upstream.close();
    await api.close();
  });
  const revocation = (r: RecordedRequest) => r.url.startsWith(`${P}/auth/logout`) || r.url.startsWith(`${P}/common/token/logout`);
  const apiTakes = async (access: string) => (await api.app.inject({ url: `${P}/user/info`, headers: { authorization: `Bearer ${access}` } })).statusCode === 200;
  const signIn = async (p: TestPortal) => {
    const res = await p.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { user_id: 'reader01', user_pass: PASSWORD } });
    return new Jar().take(res);
  };
  const page = async (p: TestPortal, jar: Jar) => (await p.app.inject({ method: 'GET', url: '/mypage/mypage', headers: { accept: 'text/html', cookie: jar.header() } })).body;
  const signOut = (p: TestPortal, jar: Jar) => p.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: jar.header() } });

  await t.test('the API away: the outbox and the marks are shared; B refuses the copy; the revocation lands once', async (t) => {
    const jar = await signIn(a);
    const access = jar.get('portal_at') ?? '';
    upstream.cut(() => true);
    t.equal((await signOut(a, jar)).statusCode, 202, 'A: not confirmed, the member is told');
    t.equal(await admin.zcard('portal:sign-out-queue'), 1, 'the revocation waits in Redis');
    t.equal((await admin.keys('portal:revoked-token:*')).length, 2, 'both tokens are marked in Redis, by hash');
    t.equal((await admin.keys('portal:revoked-session:*')).length, 1, 'and the session id');
    const sealed = (await admin.keys('portal:sign-out:*'))[0] ?? '';
    t.notOk((await admin.get(sealed))?.includes(access), 'the waiting tokens are sealed');

    upstream.cut(revocation);
    const copy = jar;
    const onB = await b.app.inject({ method: 'GET', url: `${P}/user/info`, headers: { cookie: copy.header(), 'sec-fetch-site': 'same-origin' } });
    t.equal(onB.statusCode, 401, 'B refuses the copy at the gateway');
    const minted = await b.app.inject({ method: 'GET', url: '/api/token/refresh/token', headers: { ...PORTAL_CALL, cookie: copy.header() } });
    t.equal(minted.statusCode, 401, 'B mints no token');
    t.notOk((await page(b, copy)).includes('김서연'), 'B renders a visitor');
    t.ok(await apiTakes(access), 'while the API itself would still take the token');

    const revocations = upstream.requests.filter(revocation).length;
    upstream.cut(undefined);
    await waitFor('the shared outbox revokes the sign-in', async () => !(await apiTakes(access)));
    await waitFor('the queue empties', async () => (await admin.zcard('portal:sign-out-queue')) === 0);
    t.pass('revoked at the API; nothing left in the queue');
    const sent = upstream.requests.filter(revocation).length - revocations;
    t.ok(sent >= 1 && sent <= 2, `sent by one instance (${sent} revocation calls for one sign-out)`);
  });

  await t.test('Redis down during a 로그아웃: written again when Redis is back, and B learns of it', async (t) => {
    const jar = await signIn(a);
    t.match(await page(b, jar), /김서연/, 'signed in on B');
    await redis.stop();
    await waitFor('A sees Redis down', () => a.logs.lines.some((l) => (l['redis'] as { event?: string } | undefined)?.event === 'down'));
    t.equal((await signOut(a, jar)).statusCode, 200, 'signed out on A (the API confirmed)');
    const stillOnB = await b.app.inject({ method: 'GET', url: '/api/token/access/token', headers: { ...PORTAL_CALL, cookie: jar.header() } });
    t.equal(stillOnB.statusCode, 200, 'while Redis is away, B cannot know (decision 0020: memory per instance)');
    t.notOk((await page(a, jar)).includes('김서연'), 'A refuses the copy from its memory');

    const rewrites = () => a.logs.lines.filter((l) => (l['auth'] as { event?: string } | undefined)?.event === 'revocations-rewritten').length;
    const before = rewrites();
    // Without the mark, B would hand the copy its access token from the cookie, asking nobody (decision 0115).
    const tokenOnB = async () => (await b.app.inject({ method: 'GET', url: '/api/token/access/token', headers: { ...PORTAL_CALL, cookie: jar.header() } })).statusCode;
    redis = await startRedis({ port }); // back, and empty
    await waitFor('B refuses the copy', async () => (await tokenOnB()) === 401);
    t.pass('B hands back no token');
    // Its log line follows the writes: B may see the mark a moment before A says so.
    await waitFor('A logs that it wrote its marks again', async () => rewrites() > before);
    t.pass('A wrote its marks to Redis again');
    t.ok((await admin.keys('portal:revoked-session:*')).length >= 1, 'the revocation is in Redis again');
    t.notOk((await page(b, jar)).includes('김서연'), 'B renders a visitor for the copy');
  });
});
