/**
 * Client mistakes are 4xx, never 502 (decision 0013): HEAD on the gateway is answered as
 * the GET would be, without a body; a token cookie with bad header bytes is no token;
 * JSON nested too deep or too big is refused before anything is forwarded. A 502 is
 * left for upstream failures, and only those log "homepage API call failed".
 */
import t from 'tap';
import { deadUrl, echo, startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, PORTAL_CALL } from '#test/fixtures/portal.ts';

const BAD_REQUEST = { result: 'error', msg: '요청 내용을 다시 확인해 주세요.' };

const upstream = await startFakeUpstream();
const portal = await buildTestPortal(upstream.url);
const secure = await buildTestPortal(upstream.url, { COOKIE_SECURE: 'Y' });
t.teardown(async () => {
  await portal.close();
  await secure.close();
  await upstream.close();
});
t.beforeEach(() => {
  upstream.set(echo);
  upstream.requests.length = 0;
});

const upstreamFailures = (logs: { lines: Record<string, unknown>[] }) =>
  logs.lines.filter((l) => l['msg'] === 'homepage API call failed' || l['msg'] === 'homepage API answer malformed').length;

t.test('HEAD on the gateway: the GET\'s status and headers, no body, asked upstream as GET', async (t) => {
  const get = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point/list?page=1' });
  upstream.requests.length = 0;
  const head = await portal.app.inject({ method: 'HEAD', url: '/api/v1/homepage/user/point/list?page=1' });
  t.equal(head.statusCode, 200);
  t.equal(head.body, '', 'no body');
  t.equal(head.headers['content-type'], get.headers['content-type']);
  t.equal(head.headers['content-length'], get.headers['content-length'], 'the length of the GET\'s body');
  t.equal(upstream.requests[0]?.method, 'GET', 'upstream is asked with GET');
  upstream.set((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ result: 'error', msg: '게시글을 찾을 수 없습니다.' }));
  });
  t.equal((await portal.app.inject({ method: 'HEAD', url: '/api/v1/homepage/bookclub/999' })).statusCode, 404, 'the upstream status, as for GET');
  t.equal((await portal.app.inject({ method: 'HEAD', url: '/api/v1/homepage/auth/login' })).statusCode, 400, 'refused paths are refused for HEAD too');
});

t.test('a token cookie with bad header bytes is treated as no token', async (t) => {
  const before = upstreamFailures(portal.logs);
  for (const cookie of ['portal_at=%0Ax', 'portal_at=%0D%0Ax-evil: 1', 'portal_at=a%00b', 'portal_at=%E0%A4%A', 'portal_at=%20', 'portal_at=x%7Fy']) {
    upstream.requests.length = 0;
    const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point', headers: { cookie } });
    t.equal(res.statusCode, 200, cookie);
    t.equal(upstream.requests[0]?.headers.authorization, undefined, 'forwarded without a token');
  }
  upstream.requests.length = 0;
  const rt = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point', headers: { cookie: 'portal_rt=%0Ax' } });
  t.equal(rt.statusCode, 200);
  t.same(upstream.requests.map((r) => r.url), ['/api/v1/homepage/user/point'], 'no refresh is attempted with it');
  const page = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: 'portal_at=%0Ax; portal_rt=%0Ay' } });
  t.not(page.statusCode, 502);
  t.equal(upstreamFailures(portal.logs), before, 'nothing was logged as an upstream failure');
});

t.test('in production cookie names (__Host-) too', async (t) => {
  const res = await secure.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point', headers: { cookie: '__Host-portal_at=%0Ax' } });
  t.equal(res.statusCode, 200);
  t.equal(upstream.requests[0]?.headers.authorization, undefined);
  upstream.requests.length = 0;
  await secure.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point', headers: { cookie: '__Host-portal_at=eyJhbGciOi.J9-_~+/x=' } });
  t.equal(upstream.requests[0]?.headers.authorization, 'Bearer eyJhbGciOi.J9-_~+/x=', 'a well-formed token (JWT-like) is still sent');
});

t.test('JSON nested too deep is refused with 400 before forwarding', async (t) => {
  const post = (payload: string) =>
    portal.app.inject({ method: 'POST', url: '/api/v1/homepage/activity/diary', headers: { ...PORTAL_CALL, 'content-type': 'application/json' }, payload });
  for (const payload of ['['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), `{"x":${'['.repeat(33)}${']'.repeat(33)}}`]) {
    const res = await post(payload);
    t.equal(res.statusCode, 400);
    t.same(res.json(), BAD_REQUEST, 'the Korean message');
  }
  t.equal(upstream.requests.length, 0, 'nothing was forwarded');
  t.equal((await post(`${'['.repeat(32)}${']'.repeat(32)}`)).statusCode, 200, 'depth 32 is forwarded');
  t.equal((await post(JSON.stringify({ review: '[[[[{{{{"\\'.repeat(500) }))).statusCode, 200, 'brackets inside strings do not count');
  t.equal(upstream.requests.length, 2);
  t.equal((await post('{"a":')).statusCode, 400, 'broken JSON is 400');
});

t.test('JSON bodies over 256 KiB are refused with 413 before forwarding', async (t) => {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/v1/homepage/activity/diary',
    headers: { ...PORTAL_CALL, 'content-type': 'application/json' },
    payload: JSON.stringify({ review: '가'.repeat(100_000) }),
  });
  t.equal(res.statusCode, 413);
  t.same(res.json(), BAD_REQUEST);
  t.equal(upstream.requests.length, 0);
  const fits = await portal.app.inject({
    method: 'POST',
    url: '/api/v1/homepage/activity/diary',
    headers: { ...PORTAL_CALL, 'content-type': 'application/json' },
    payload: JSON.stringify({ review: '가'.repeat(5000) }),
  });
  t.equal(fits.statusCode, 200, 'the largest real body (a 5,000-character review) fits');
});

t.test('a 502 is an upstream failure, and is logged as one', async (t) => {
  const down = await buildTestPortal(await deadUrl());
  t.teardown(() => down.close());
  const res = await down.app.inject({ method: 'HEAD', url: '/api/v1/homepage/user/point' });
  t.equal(res.statusCode, 502);
  const line = down.logs.lines.find((l) => l['msg'] === 'homepage API call failed');
  t.match(line, { level: 40, upstream: { method: 'GET', path: '/api/v1/homepage/user/point', reason: 'unreachable' } });
});
