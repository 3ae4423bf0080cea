/**
 * Two portal processes behind one address, one reference API, one real `redis-server`
 * (issue: scale-out; decision 0020): the per-address sign-in limit and the per-account
 * failures are counted once for both, a member signed in on A is served on B, and
 * concurrent refreshes of one member on both instances rotate the token exactly once
 * at the API, with no revocation. Then Redis goes away and both keep signing members in.
 *
 * Needs Debian's redis-server (.ci/run installs it). Outside CI, without it, the test is
 * skipped with a message; in CI its absence is a failure.
 */
import t from 'tap';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildHomepageApi } from '#server/homepage-api/app.ts';
import { serverMessages } from '#shared/messages-server.ts';
import { freePort } from '#test/fixtures/ports.ts';
import { startPortalProcess, type PortalProcess } from '#test/fixtures/process.ts';
import { redisServerAvailable, startRedis } from '#test/fixtures/redis.ts';
import { parsePrometheusText, sampleSum } from '#test/fixtures/prometheus-text.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

/** Headers of a call made by the portal's own pages (a JSON body adds its content type). */
const CALL = { 'x-portal-request': '1', 'sec-fetch-site': 'same-origin' };
const JSON_CALL = { ...CALL, 'content-type': 'application/json' };
const inCi = !!process.env['CI'] && process.env['CI'] !== 'false';
const available = redisServerAvailable();
if (!available && inCi) throw new Error('redis-server is missing: .ci/run installs it (apt-get install redis-server)');

/** The cookies a response sets (an empty value or Max-Age=0 clears one). */
function setCookies(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const header of res.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const eq = pair.indexOf('=');
    out.set(pair.slice(0, eq).trim(), /max-age=0\b/i.test(header) ? '' : pair.slice(eq + 1).trim());
  }
  return out;
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].filter(([, v]) => v !== '').map(([k, v]) => `${k}=${v}`).join('; ');
}

t.test(
  'two portal instances on one Redis',
  { skip: available ? false : 'redis-server is not installed (apt-get install redis-server): the two-instance test is skipped outside CI' },
  async (t) => {
    const redis = await startRedis();
    const admin = new Redis(redis.url, { lazyConnect: true });
    await admin.connect();

    // The reference API, with a gate that can hold refresh calls, and a count of them.
    const api = await buildHomepageApi({ dbFile: join(mkdtempSync(join(tmpdir(), 'portal-two-')), 'homepage.db') });
    let refreshArrivals = 0;
    let gate: Promise<void> | undefined;
    const arrivalWaiters: (() => void)[] = [];
    api.addHook('onRequest', async (req) => {
      if (req.url !== '/api/v1/homepage/auth/refresh') return;
      refreshArrivals += 1;
      for (const w of arrivalWaiters.splice(0)) w();
      if (gate) await gate;
    });
    const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
    const count = async (sql: string) => Number((await api.db.prepare(sql).get())?.['n']);
    const rotations = async () => await count('SELECT COUNT(*) AS n FROM refresh_tokens WHERE spent_at IS NOT NULL');
    const revocations = async () => await count('SELECT COUNT(*) AS n FROM token_families WHERE revoked_at IS NOT NULL');

    const metricsPort = await freePort();
    const env = {
      HOMEPAGE_API_URL: apiUrl,
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      COOKIE_SECURE: 'N',
      LOG_LEVEL: 'debug',
      LOGIN_FAILURES_PER_HOUR: '3',
      // Load shedding is not under test here; a busy CI machine must not trip it.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    const a = await startPortalProcess({ ...env, METRICS_PORT: String(metricsPort) });
    const metricsPortB = await freePort();
    const b = await startPortalProcess({ ...env, METRICS_PORT: String(metricsPortB) });
    t.teardown(async () => {
      await a.stop();
      await b.stop();
      await api.close();
      admin.disconnect();
      await redis.stop();
    });
    t.match(a.lines.find((l) => l['msg'] === 'portal listening'), { sharedState: 'redis', metricsPort });

    const login = (p: PortalProcess, userId: string, password = PASSWORD) =>
      fetch(`${p.url}/api/login/login`, { method: 'POST', headers: JSON_CALL, body: JSON.stringify({ user_id: userId, user_pass: password }) });
    const signIn = async (p: PortalProcess) => {
      const res = await login(p, 'reader01');
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
      return setCookies(res);
    };

    await t.test('the per-address limit is shared: the 11th attempt on either instance is 429', async (t) => {
      for (let i = 1; i <= 10; i += 1) {
        const res = await login(i % 2 ? a : b, `nobody${i}`, 'wrong-password');
        t.equal(res.status, 401, `attempt ${i} on ${i % 2 ? 'A' : 'B'}`);
      }
      for (const [name, p] of [['A', a], ['B', b]] as const) {
        const res = await login(p, 'reader01');
        t.equal(res.status, 429, `11th+ attempt on ${name}: 429, although ${name} alone saw 5`);
        t.ok(Number(res.headers.get('retry-after')) > 0, 'with Retry-After');
        t.match(await res.json(), { result: 'error', msg: serverMessages.login.tooMany });
      }
      await admin.flushall();
    });

    await t.test('failures per account are shared', async (t) => {
      t.equal((await login(a, 'reader02', 'nope-1')).status, 401);
      t.equal((await login(b, 'reader02', 'nope-2')).status, 401);
      t.equal((await login(a, 'reader02', 'nope-3')).status, 401);
      const locked = await login(b, 'reader02');
      t.equal(locked.status, 429, 'the 4th try, on B, with the right password: locked by the 3 failures on A and B');
      t.same(await locked.json(), { result: 'error', msg: serverMessages.login.accountLocked });
      t.equal((await login(b, 'reader01')).status, 200, 'other accounts are unaffected');
      await admin.flushall();
    });

    await t.test('a member signed in on A is served on B', async (t) => {
      const jar = await signIn(a);
      const page = await fetch(`${b.url}/main/homemain`, { headers: { accept: 'text/html', cookie: cookieHeader(jar) } });
      t.equal(page.status, 200);
      t.match(await page.text(), /김서연/, 'B renders the member A signed in (shared SESSION_SECRET)');
      const info = await fetch(`${b.url}/api/v1/homepage/user/info`, { headers: { cookie: cookieHeader(jar), 'sec-fetch-site': 'same-origin' } });
      t.equal(info.status, 200);
      t.match(await info.json(), { result: 'success' });
    });

    await t.test('signed out on A, its replayed cookies are a visitor on B (the revocation is in Redis)', async (t) => {
      const jar = await signIn(a);
      const before = await fetch(`${b.url}/mypage/mypage`, { headers: { accept: 'text/html', cookie: cookieHeader(jar) } });
      t.match(await before.text(), /김서연/, 'signed in on B');
      const out = await fetch(`${a.url}/api/login/logout`, { method: 'POST', headers: { ...CALL, cookie: cookieHeader(jar) } });
      t.equal(out.status, 200);
      const keys = await admin.keys('portal:revoked-session:*');
      t.equal(keys.length, 1, 'the revocation is in Redis');
      const page = await fetch(`${b.url}/mypage/mypage`, { headers: { accept: 'text/html', cookie: cookieHeader(jar) } });
      const html = await page.text();
      for (const secret of ['김서연', 'reader01', '2026000001']) t.notOk(html.includes(secret), `B shows no ${secret}`);
      const token = await fetch(`${b.url}/api/token/access/token`, { headers: { ...CALL, cookie: cookieHeader(jar) } });
      t.equal(token.status, 401, 'B hands back no token');
    });

    await t.test('concurrent refreshes on A and B: one rotation at the API, no revocation, both keep working', async (t) => {
      const jar = await signIn(a);
      jar.delete('portal_at');
      const [rotated, revoked, arrived] = [await rotations(), await revocations(), refreshArrivals];
      const [fromA, fromB] = [a.lines.length, b.lines.length];
      const held = Promise.withResolvers<undefined>();
      gate = held.promise;

      const refresh = (p: PortalProcess) =>
        fetch(`${p.url}/api/token/refresh/auto`, { method: 'POST', headers: { ...CALL, cookie: cookieHeader(jar) } });
      const answers = Promise.all([refresh(a), refresh(b)]);
      // Both are in flight together: one reached the API (held there), the other waits on Redis.
      await new Promise<void>((resolve) => (refreshArrivals > arrived ? resolve() : arrivalWaiters.push(resolve)));
      const isWait = (l: Record<string, unknown>) => (l['auth'] as { event?: string } | undefined)?.event === 'refresh-wait';
      const secondCall = new Promise<never>((_, reject) => {
        const check = () => (refreshArrivals > arrived + 1 ? reject(new Error('both instances called the API')) : arrivalWaiters.push(check));
        check();
      });
      secondCall.catch(() => undefined); // later refreshes (below) are expected
      await Promise.race([a.waitForLine(isWait, fromA), b.waitForLine(isWait, fromB), secondCall]);
      held.resolve(undefined);
      gate = undefined;
      const [resA, resB] = await answers;

      t.equal(resA.status, 200, 'A answers the member');
      t.equal(resB.status, 200, 'B answers the member');
      const [jarA, jarB] = [setCookies(resA), setCookies(resB)];
      t.ok(jarA.get('portal_rt'), 'a new refresh token');
      t.equal(jarA.get('portal_rt'), jarB.get('portal_rt'), 'the same new refresh token on both');
      t.equal(jarA.get('portal_at'), jarB.get('portal_at'), 'the same new access token on both');
      t.equal(refreshArrivals - arrived, 1, 'one refresh call reached the API');
      t.equal(await rotations() - rotated, 1, 'exactly one rotation');
      t.equal(await revocations() - revoked, 0, 'no sign-in revoked');

      const next = new Map([...jar, ...jarA]);
      for (const [name, p] of [['A', a], ['B', b]] as const) {
        const res = await fetch(`${p.url}/api/v1/homepage/user/info`, { headers: { cookie: cookieHeader(next), 'sec-fetch-site': 'same-origin' } });
        t.equal(res.status, 200, `the session keeps working on ${name}`);
      }
      next.delete('portal_at');
      const renewed = await fetch(`${b.url}/api/token/refresh/auto`, { method: 'POST', headers: { ...CALL, cookie: cookieHeader(next) } });
      t.equal(renewed.status, 200, 'the new refresh token refreshes again later');
      t.equal(await revocations() - revoked, 0, 'still nothing revoked');

      const scrape = async (url: string) => parsePrometheusText(await (await fetch(url)).text());
      const [ma, mb] = [await scrape(`http://127.0.0.1:${metricsPort}/metrics`), await scrape(`http://127.0.0.1:${metricsPortB}/metrics`)];
      const both = (labels: Record<string, string>) =>
        sampleSum(ma, 'portal_token_refresh_total', labels) + sampleSum(mb, 'portal_token_refresh_total', labels);
      t.ok(both({ outcome: 'ok', source: 'shared' }) >= 1, 'a shared refresh is counted');
      t.equal(sampleSum(ma, 'portal_redis_up'), 1, 'A sees Redis up');
      for (const [name, p] of [['A', a], ['B', b]] as const) {
        const pub = await fetch(`${p.url}/metrics`);
        t.notOk((await pub.text()).includes('portal_http_request_duration_seconds'), `${name} has no /metrics on its public port`);
      }
    });

    await t.test('Redis goes away: both instances keep signing members in, from memory', async (t) => {
      admin.disconnect();
      await redis.stop();
      const warned = (l: Record<string, unknown>) => (l['redis'] as { event?: string } | undefined)?.event === 'down';
      await Promise.all([a.waitForLine(warned), b.waitForLine(warned)]);
      t.equal((await login(a, 'reader01')).status, 200, 'A signs a member in');
      t.equal((await login(b, 'reader01')).status, 200, 'B signs a member in');
      for (const p of [a, b]) t.notOk(p.lines.some((l) => JSON.stringify(l).includes(redis.url)), 'the Redis URL is not logged');
    });
  },
);
