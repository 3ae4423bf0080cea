/**
 * The exact shape of docs/product.md §8 against a scripted upstream: 403 → one refresh → one retry;
 * a refresh answered 401, or an upstream 401, clears the auth cookies and answers 401.
 */
import t from 'tap';
import type { ServerResponse } from 'node:http';
import { startFakeUpstream, type RecordedRequest } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, Jar } from '#test/fixtures/portal.ts';

const member = {
  userId: 'reader01', username: '김서연', userNo: '1', userAuth: ['ROLE_USER'], userKey: 'K', agreeYn: 'Y', noticeYn: 'N',
};
function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const tokens = (n: number) => ({
  result: 'success', expired: false, ...member,
  access_token: `access-${n}`, access_expires_in: 1800, refresh_token: `refresh-${n}`, refresh_expires_in: 86400,
});

const upstream = await startFakeUpstream();
const portal = await buildTestPortal(upstream.url);
t.teardown(async () => {
  await portal.close();
  await upstream.close();
});

let serial = 0;
/** A signed-in browser with its own refresh token (refreshes are shared per token for a moment). */
function signedInJar(): Jar {
  serial += 1;
  const jar = new Jar();
  jar.set('portal_at', `access-old-${serial}`);
  jar.set('portal_rt', `refresh-old-${serial}`);
  return jar;
}
const calls = (path: string) => upstream.requests.filter((r: RecordedRequest) => r.url.startsWith(path));

t.beforeEach(() => {
  upstream.requests.length = 0;
});

t.test('403 → refresh once → retry once with the new token', async (t) => {
  upstream.set((req, res) => {
    if (req.url === '/api/v1/homepage/auth/refresh') return json(res, 200, tokens(1));
    if (req.headers.authorization === 'Bearer access-1') return json(res, 200, { result: 'success', value: 42 });
    return json(res, 403, { result: 'error', msg: '만료', code: 'token_expired' });
  });
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point', headers: { cookie: signedInJar().header() } });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { result: 'success', value: 42 });
  t.equal(calls('/api/v1/homepage/user/point').length, 2, 'the call, then one retry');
  t.equal(calls('/api/v1/homepage/auth/refresh').length, 1, 'one refresh');
  t.match(JSON.parse(calls('/api/v1/homepage/auth/refresh')[0]?.body ?? '{}'), { refresh_token: /^refresh-old-\d+$/ });
  const jar = new Jar().take(res);
  t.equal(jar.get('portal_at'), 'access-1');
  t.equal(jar.get('portal_rt'), 'refresh-1');
});

t.test('a second 403 after the retry is answered as is: no loop', async (t) => {
  upstream.set((req, res) => {
    if (req.url === '/api/v1/homepage/auth/refresh') return json(res, 200, tokens(2));
    return json(res, 403, { result: 'error', msg: '권한이 없습니다.' });
  });
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point', headers: { cookie: signedInJar().header() } });
  t.equal(res.statusCode, 403);
  t.equal(calls('/api/v1/homepage/user/point').length, 2);
  t.equal(calls('/api/v1/homepage/auth/refresh').length, 1);
});

t.test('403, and the refresh answered 401: cookies cleared, 401', async (t) => {
  upstream.set((req, res) => {
    if (req.url === '/api/v1/homepage/auth/refresh') return json(res, 401, { result: 'error', msg: '로그인이 만료되었습니다. 다시 로그인해 주세요.' });
    return json(res, 403, { result: 'error', msg: '만료', code: 'token_expired' });
  });
  const jar = signedInJar();
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point', headers: { cookie: jar.header() } });
  t.equal(res.statusCode, 401);
  t.same(res.json(), { result: 'error', msg: '로그인이 만료되었습니다. 다시 로그인해 주세요.' });
  t.equal(calls('/api/v1/homepage/user/point').length, 1, 'no retry after a refused refresh');
  for (const name of ['portal_at', 'portal_rt', 'portal_session', 'autoLogin']) {
    t.ok(res.cookies.some((c) => c.name === name && (c.value === '' || c.maxAge === 0)), `${name} cleared`);
  }
});

t.test('an upstream 401 clears the cookies and answers 401, without a refresh', async (t) => {
  upstream.set((_req, res) => json(res, 401, { result: 'error', msg: '로그인이 만료되었습니다. 다시 로그인해 주세요.' }));
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point', headers: { cookie: signedInJar().header() } });
  t.equal(res.statusCode, 401);
  t.equal(calls('/api/v1/homepage/auth/refresh').length, 0);
  t.ok(res.cookies.some((c) => c.name === 'portal_at' && (c.value === '' || c.maxAge === 0)));
});

t.test('a visitor\'s call goes out without a token and without cookie changes', async (t) => {
  upstream.set((req, res) => json(res, 200, { result: 'success', auth: req.headers.authorization ?? null }));
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/board/notice' });
  t.same(res.json(), { result: 'success', auth: null });
  t.equal(res.cookies.length, 0);
});

t.test('SSR: the refresh happens before the first byte and the cookies ride on the page', async (t) => {
  upstream.set((req, res) => {
    if (req.url === '/api/v1/homepage/auth/refresh') return json(res, 200, tokens(3));
    if (req.url.startsWith('/api/v1/homepage/board/notice')) {
      return req.headers.authorization === 'Bearer access-3'
        ? json(res, 200, { result: 'success', notice_list: [] })
        : json(res, 403, { result: 'error', msg: '만료', code: 'token_expired' });
    }
    return json(res, 200, { result: 'success', code_value: '/login/login', code_name: '로그인' });
  });
  const jar = new Jar();
  jar.set('portal_rt', 'refresh-ssr');
  const res = await portal.app.inject({ method: 'GET', url: '/service/service', headers: { accept: 'text/html', cookie: jar.header() } });
  t.equal(res.statusCode, 200);
  t.match(res.body, /김서연님, 반갑습니다\./);
  t.equal(new Jar().take(res).get('portal_at'), 'access-3');
  t.equal(calls('/api/v1/homepage/auth/refresh').length, 1, 'one refresh for the whole page');
});
