/**
 * Decision 0020: when REDIS_URL is set but Redis does not answer, the portal still
 * starts and signs members in; the sign-in limits and the refresh single-flight fall
 * back to this instance's memory (still enforced), the fallback is counted, and the
 * outage is logged once, without the URL.
 */
import t from 'tap';
import { deadUrl } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { parsePrometheusText, sampleValue } from '#test/fixtures/prometheus-text.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

const redisUrl = (await deadUrl()).replace('http://', 'redis://:s3cret-pass@');
const api = await startReferenceApi();
/** Refresh tokens the API has spent: one per rotation. */
const rotations = async () => Number((await api.app.db.prepare('SELECT COUNT(*) AS n FROM refresh_tokens WHERE spent_at IS NOT NULL').get())?.['n']);
const portal = await buildTestPortal(api.url, { REDIS_URL: redisUrl, LOGIN_RATE_PER_MINUTE: '5', LOGIN_FAILURES_PER_HOUR: '2' });
t.teardown(async () => {
  await portal.close();
  await api.close();
});

const login = (userId: string, password = PASSWORD) =>
  portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { user_id: userId, user_pass: password } });

t.test('sign-in limits still hold, from memory', async (t) => {
  t.equal((await login('reader02', 'nope-1')).statusCode, 401);
  t.equal((await login('reader02', 'nope-2')).statusCode, 401);
  const locked = await login('reader02');
  t.equal(locked.statusCode, 429, 'the account is locked after 2 failures, even with the right password');
  t.ok(Number(locked.headers['retry-after']) > 0);
  t.equal((await login('reader01')).statusCode, 200, 'another account signs in');
  t.equal((await login('reader01')).statusCode, 200);
  const sixth = await login('reader01');
  t.equal(sixth.statusCode, 429, 'the 6th attempt a minute from one address is refused');
  t.ok(Number(sixth.headers['retry-after']) > 0);
});

t.test('concurrent refreshes are still coalesced in this instance', async (t) => {
  const signedIn = await portal.app.inject({
    method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { user_id: 'reader01', user_pass: PASSWORD },
    remoteAddress: '10.0.0.9',
  });
  const jar = new Jar().take(signedIn);
  t.ok(jar.get('portal_rt'), 'signed in (from another address)');
  jar.delete('portal_at');
  const before = await rotations();
  const answers = await Promise.all(
    [1, 2, 3].map(() => portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: jar.header() } })),
  );
  t.same(answers.map((a) => a.statusCode), [200, 200, 200]);
  t.equal(await rotations() - before, 1, 'one rotation at the API');
  const tokens = new Set(answers.map((a) => new Jar().take(a).get('portal_rt')));
  t.equal(tokens.size, 1, 'all three got the same new refresh token');
});

t.test('the fallback is counted, the outage logged once and without the URL', async (t) => {
  const m = parsePrometheusText(await portal.app.metrics.registry.metrics());
  t.equal(sampleValue(m, 'portal_redis_up'), 0);
  t.ok(sampleValue(m, 'portal_redis_fallbacks_total', { feature: 'rate_limit' }) >= 7);
  t.ok(sampleValue(m, 'portal_redis_fallbacks_total', { feature: 'login_failures' }) >= 5);
  t.ok(sampleValue(m, 'portal_redis_fallbacks_total', { feature: 'refresh' }) >= 1);
  const down = portal.logs.lines.filter((l) => (l['redis'] as { event?: string } | undefined)?.event === 'down');
  t.equal(down.length, 1, 'one warning for the outage');
  t.equal(down[0]?.['level'], 40, 'at warn level');
  t.notOk(portal.logs.text().includes('s3cret-pass'), 'the URL (and its password) is never logged');
});
