/**
 * GET /metrics (decision 0021): valid Prometheus text with the portal's series, labels
 * from fixed sets only (route patterns, operations, outcomes — no member ids, tokens or
 * raw URLs), exact request counting, and METRICS_PORT moving it off the public port.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildHomepageApi } from '#server/homepage-api/app.ts';
import { cookieNames } from '#server/portal/auth/cookies.ts';
import { upstreamOperation } from '#server/portal/ops/upstream-operations.ts';
import { operations, splitKey } from '#shared/contract/operations.ts';
import { buildTestPortal, Jar, metricsListener, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { parsePrometheusText, sampleSum, sampleValue, type Family } from '#test/fixtures/prometheus-text.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url, { LOGIN_RATE_PER_MINUTE: '5', LOGIN_FAILURES_PER_HOUR: '2' });
const base = await portal.app.listen({ port: 0, host: '127.0.0.1' });
t.teardown(async () => {
  await portal.close();
  await api.close();
});
const metricsUrl = await metricsListener(t, portal.app);

async function scrape(url = metricsUrl): Promise<Map<string, Family>> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  if (!res.headers.get('content-type')?.startsWith('text/plain; version=0.0.4')) throw new Error('not the text format');
  return parsePrometheusText(await res.text());
}

function login(userId: string, password: string) {
  return portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { user_id: userId, user_pass: password } });
}

t.test('the reader used here is strict', async (t) => {
  const ok = parsePrometheusText('# TYPE a counter\na{x="q\\"1\\\\\\n"} 1\n# TYPE h histogram\nh_bucket{l="1",le="1"} 1\nh_bucket{le="+Inf",l="1"} 2\nh_count{l="1"} 2\nh_sum{l="1"} 3\n# TYPE g gauge\ng Nan\n');
  t.equal(sampleValue(ok, 'a', { x: 'q"1\\\n' }), 1, 'escapes are read');
  t.ok(Number.isNaN(sampleValue(ok, 'g')), 'NaN, as prom-client writes it, is a value');
  t.throws(() => parsePrometheusText('# TYPE a counter\na 1\na 2\n'), /duplicate series/);
  t.throws(() => parsePrometheusText('b 1\n'), /undeclared family/);
  t.throws(() => parsePrometheusText('# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\n'), /not cumulative/);
  t.throws(() => parsePrometheusText('# TYPE h histogram\nh_bucket{le="+Inf"} 1\nh_count 2\n'), /differs from _count/);
  t.throws(() => parsePrometheusText('# TYPE a counter\na{x="1} 1\n'), /unterminated|bad/);
});

t.test('/metrics carries the portal series after a page, sign-ins, refusals and a refresh', async (t) => {
  const page = await fetch(`${base}/main/homemain`, { headers: { accept: 'text/html' } });
  t.equal(page.status, 200);
  await page.text();

  t.equal((await login('reader02', 'wrong-password-1')).statusCode, 401);
  t.equal((await login('reader02', 'wrong-password-2')).statusCode, 401);
  t.equal((await login('reader02', PASSWORD)).statusCode, 429, 'the account is locked after 2 failures');
  const signedIn = await login('reader01', PASSWORD);
  t.equal(signedIn.statusCode, 200);
  const jar = new Jar().take(signedIn);
  const refreshToken = jar.get('portal_rt') ?? '';
  const accessToken = jar.get('portal_at') ?? '';
  jar.delete('portal_at');
  const refreshed = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: jar.header() } });
  t.equal(refreshed.statusCode, 200);
  t.equal((await login('reader01', PASSWORD)).statusCode, 200, 'the 5th attempt a minute passes');
  t.equal((await login('reader01', PASSWORD)).statusCode, 429, 'the 6th is refused by the per-address limit');
  // Two page views: the login URL (code 60/2) is read from the upstream once, then from the cache.
  for (let i = 0; i < 2; i++) t.equal((await portal.app.inject({ url: '/service/service', headers: { accept: 'text/html' } })).statusCode, 200);

  const text = await (await fetch(metricsUrl)).text();
  const m = parsePrometheusText(text);
  const types: Record<string, Family['type']> = {
    portal_http_request_duration_seconds: 'histogram',
    portal_upstream_request_duration_seconds: 'histogram',
    portal_ssr_render_seconds: 'histogram',
    portal_ssr_shell_ready_seconds: 'histogram',
    nodejs_eventloop_lag_seconds: 'gauge',
    nodejs_eventloop_lag_p99_seconds: 'gauge',
    portal_open_connections: 'gauge',
    portal_sign_in_total: 'counter',
    portal_rate_limit_refusals_total: 'counter',
    portal_token_refresh_total: 'counter',
    portal_overload_refusals_total: 'counter',
    portal_cache_requests_total: 'counter',
    portal_redis_fallbacks_total: 'counter',
  };
  for (const [name, type] of Object.entries(types)) t.equal(m.get(name)?.type, type, `${name} is a ${type}`);

  t.equal(sampleValue(m, 'portal_http_request_duration_seconds_count', { method: 'GET', route: '/main/homemain', status_code: '200' }), 1);
  t.equal(sampleValue(m, 'portal_http_request_duration_seconds_count', { method: 'POST', route: '/api/login/login', status_code: '429' }), 2);
  t.ok(sampleValue(m, 'portal_upstream_request_duration_seconds_count', { method: 'GET', operation: '/api/v1/homepage/board/notice', outcome: 'ok' }) >= 1, 'the page\'s notice calls');
  t.equal(sampleValue(m, 'portal_upstream_request_duration_seconds_count', { operation: '/api/v1/homepage/auth/login', outcome: '4xx' }), 2);
  t.equal(sampleValue(m, 'portal_upstream_request_duration_seconds_count', { operation: '/api/v1/homepage/auth/login', outcome: 'ok' }), 2);
  t.equal(sampleValue(m, 'portal_upstream_request_duration_seconds_count', { operation: '/api/v1/homepage/auth/refresh', outcome: 'ok' }), 1);
  t.equal(sampleValue(m, 'portal_ssr_shell_ready_seconds_count'), 3, 'three pages');
  t.equal(sampleValue(m, 'portal_ssr_render_seconds_count'), 3);
  t.ok(sampleValue(m, 'portal_ssr_render_seconds_sum') >= sampleValue(m, 'portal_ssr_shell_ready_seconds_sum'), 'complete after shell');
  t.equal(sampleValue(m, 'portal_sign_in_total', { outcome: 'invalid' }), 2);
  t.equal(sampleValue(m, 'portal_sign_in_total', { outcome: 'account_locked' }), 1);
  t.equal(sampleValue(m, 'portal_sign_in_total', { outcome: 'success' }), 2);
  t.equal(sampleValue(m, 'portal_sign_in_total', { outcome: 'expired' }), 0, 'known outcomes start at 0');
  t.equal(sampleValue(m, 'portal_rate_limit_refusals_total', { limit: 'account' }), 1);
  t.equal(sampleValue(m, 'portal_rate_limit_refusals_total', { limit: 'ip' }), 1);
  t.equal(sampleValue(m, 'portal_token_refresh_total', { outcome: 'ok', source: 'upstream' }), 1);
  t.ok(sampleValue(m, 'portal_cache_requests_total', { operation: '/api/v1/homepage/code/:group/:code', outcome: 'miss' }) >= 1, 'a code lookup missed once');
  t.ok(sampleValue(m, 'portal_cache_requests_total', { operation: '/api/v1/homepage/code/:group/:code', outcome: 'hit' }) >= 1, 'then it was a hit');
  t.equal(sampleValue(m, 'portal_cache_requests_total', { operation: '/api/v1/homepage/book/search', outcome: 'hit' }), 0, 'every cached row is a series from the start');
  t.ok(sampleValue(m, 'portal_open_connections') >= 1, 'this scrape is an open connection');
  t.ok(Number.isFinite(sampleValue(m, 'nodejs_eventloop_lag_seconds')));
  t.notOk(m.has('portal_redis_up'), 'no Redis gauge without REDIS_URL');

  // Every series docs/operations.md names (tables, queries, alert rules) exists.
  const docs = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'operations.md'), 'utf8');
  const named = new Set([...docs.matchAll(/\b(?:portal|nodejs|process)_[a-z0-9_]+/g)].map((x) => x[0].replace(/_(bucket|count|sum)$/, '')));
  named.delete('portal_redis_up'); // only with REDIS_URL: see redis-down.test.ts
  // Only with REDIS_URL: see revocations-heard.test.ts.
  for (const name of ['portal_revocations_from_memory', 'portal_revocation_marks_heard']) named.delete(name);
  for (const cookie of Object.values(cookieNames(false))) named.delete(cookie); // the sign-in cookies it names are not series
  for (const name of named) t.ok(m.has(name), `${name} (docs/operations.md) is served`);

  for (const secret of ['reader01', 'reader02', refreshToken, accessToken, '?', 'wrong-password']) {
    if (secret) t.notOk(text.includes(secret), `no ${secret.length > 20 ? 'token' : secret} in the metrics`);
  }
});

t.test('1,000 requests move the request counter by exactly 1,000', async (t) => {
  const route = { method: 'GET', route: '/healthz', status_code: '200' };
  const count = (m: Map<string, Family>) => {
    const f = m.get('portal_http_request_duration_seconds');
    return f?.samples.some((s) => s.name.endsWith('_count') && s.labels['route'] === '/healthz') ? sampleValue(m, 'portal_http_request_duration_seconds_count', route) : 0;
  };
  const before = await scrape();
  const totalBefore = sampleSum(before, 'portal_http_request_duration_seconds_count');
  for (let batch = 0; batch < 20; batch += 1) {
    const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${base}/healthz`).then((r) => r.status)));
    t.equal(answers.filter((s) => s === 200).length, 50);
  }
  const after = await scrape();
  t.equal(count(after) - count(before), 1000, '/healthz: +1,000');
  // Every request is counted once (scrapes are on the metrics listener, not counted as the portal's).
  t.equal(sampleSum(after, 'portal_http_request_duration_seconds_count') - totalBefore, 1000, 'all routes: +1,000');
});

t.test('unknown paths are counted under "unmatched", never by their URL', async (t) => {
  await portal.app.inject({ method: 'GET', url: '/api/no-such/12345?token=abc' });
  const m = await scrape();
  t.ok(sampleValue(m, 'portal_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }) >= 1);
  const text = await (await fetch(metricsUrl)).text();
  t.notOk(text.includes('12345'));
  t.notOk(text.includes('no-such'));
});

t.test('upstream operations are the rows\' path patterns (operationOf); the list is the reference API\'s', async (t) => {
  t.equal(upstreamOperation('GET', '/api/v1/homepage/auth/sso/sso-test-reader01-2026'), '/api/v1/homepage/auth/sso/:token');
  t.equal(upstreamOperation('GET', '/api/v1/homepage/board/notice/42'), '/api/v1/homepage/board/notice/:notice_info_key');
  t.equal(upstreamOperation('GET', '/api/v1/homepage/code/local/43'), '/api/v1/homepage/code/local/:a', 'static segments win');
  t.equal(upstreamOperation('GET', '/api/v1/homepage/code/60/2'), '/api/v1/homepage/code/:group/:code');
  t.equal(upstreamOperation('GET', '/api/v1/homepage/user/point?page=2'), '/api/v1/homepage/user/point');
  t.equal(upstreamOperation('POST', '/api/v1/homepage/activity/authentication/loan'), '/api/v1/homepage/activity/authentication/loan');
  t.equal(upstreamOperation('GET', '/api/v1/homepage/activity/authentication/loan'), '/api/v1/homepage/activity/authentication/:type', 'the row the router answers with');
  t.equal(upstreamOperation('PATCH', '/api/v1/homepage/user/point'), 'other', 'a method no row has');
  t.equal(upstreamOperation('GET', '/api/v1/homepage/nothing/here'), 'other');
  t.equal(upstreamOperation('GET', '/api/v1/homepage/board/notice/'), 'other', 'an empty parameter matches nothing');
  t.equal(upstreamOperation('GET', '/elsewhere'), 'other');
  // Every row, its parameters filled in, is found as itself unless a more static one of the
  // same method is the same path (as the router chooses).
  const filled = (p: string) => p.replace(/:[a-z_]+/g, 'x1');
  const keys = Object.keys(operations).map((k) => splitKey(k));
  for (const { method, path } of keys) {
    const found = upstreamOperation(method, `/api/v1/homepage${filled(path)}`);
    const rivals = keys.filter((o) => o.method === method && filled(o.path) === filled(path)).map((o) => `/api/v1/homepage${o.path}`);
    t.ok(found === `/api/v1/homepage${path}` || (rivals.includes(found) && !found.includes('/:')), `${method} ${path} → ${found}`);
  }

  const ref = await buildHomepageApi({ dbFile: ':memory:', seed: false });
  t.teardown(() => ref.close());
  await ref.ready();
  const doc = ref.swagger() as { paths: Record<string, unknown> };
  const documented = Object.keys(doc.paths).map((p) => p.replace(/\{([^}]+)\}/g, ':$1').slice('/api/v1/homepage'.length)).sort();
  t.same([...new Set(keys.map((k) => k.path))].sort(), documented, 'every route of the reference API, and only those');
});

t.test('/metrics is on its own listener only, never on the public port (decision 0021)', async (t) => {
  for (const accept of ['*/*', 'text/plain; version=0.0.4', 'text/html']) {
    const pub = await fetch(`${base}/metrics`, { headers: { accept }, redirect: 'manual' });
    t.not(pub.status, 200, `the public port does not answer /metrics (${accept})`);
    t.notOk((await pub.text()).includes('portal_http_request_duration_seconds'));
  }
  const before = sampleSum(await scrape(), 'portal_http_request_duration_seconds_count', { route: '/healthz', status_code: '200' });
  await portal.app.inject({ method: 'GET', url: '/healthz' });
  const m = await scrape();
  t.equal(sampleValue(m, 'portal_http_request_duration_seconds_count', { route: '/healthz', status_code: '200' }), before + 1, "the app's own series");
});
