/**
 * The homepage API gateway: method, query string and JSON body forwarded as is,
 * request id propagated, upstream set-cookie dropped, only the /api/v1/homepage
 * prefix (no traversal or encoded tricks), and failures mapped: upstream down → 502,
 * timeout → 504 (a dripping answer too: one deadline for the whole call), malformed answer
 * → 502, each with the Korean temporary-error text. The API's Retry-After on a 503 or 429 is
 * passed on, by the gateway and by the sign-in (the stack test found it dropped while
 * PostgreSQL was away).
 */
import t from 'tap';
import { deadUrl, echo, startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, PORTAL_CALL } from '#test/fixtures/portal.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

const TEMPORARY = { result: 'error', msg: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' };

const upstream = await startFakeUpstream();
// At debug, so that successful upstream calls are logged too (they are debug lines: decision 0035).
// A deadline a loaded machine's first call never reaches; the timeout tests bring their own.
const portal = await buildTestPortal(upstream.url, { HOMEPAGE_TIMEOUT_MS: '10000', LOG_LEVEL: 'debug' });
t.teardown(async () => {
  await portal.close();
  await upstream.close();
});
t.beforeEach(() => {
  upstream.set(echo);
  upstream.requests.length = 0;
});

t.test('GET keeps the query string exactly and propagates the request id', async (t) => {
  const res = await portal.app.inject({
    method: 'GET',
    url: '/api/v1/homepage/board/notice?notice_type=1&display_yn=Y&q=%ED%95%9C%EA%B0%95&a=1&a=2',
    headers: { 'x-request-id': 'gw-1' },
  });
  t.equal(res.statusCode, 200);
  t.equal(upstream.requests[0]?.method, 'GET');
  t.equal(upstream.requests[0]?.url, '/api/v1/homepage/board/notice?notice_type=1&display_yn=Y&q=%ED%95%9C%EA%B0%95&a=1&a=2');
  t.equal(upstream.requests[0]?.headers['x-request-id'], 'gw-1');
  t.equal(res.headers['x-request-id'], 'gw-1');
  t.equal(res.headers['set-cookie'], undefined, 'upstream set-cookie is dropped');
  t.equal(res.headers['cache-control'], 'no-store');
  const log = portal.logs.lines.find((l) => l['reqId'] === 'gw-1' && typeof l['upstream'] === 'object');
  t.match(log, { upstream: { method: 'GET', path: '/api/v1/homepage/board/notice', status: 200 } }, 'the call is logged');
});

t.test('POST, PUT, PATCH and DELETE forward their JSON bodies', async (t) => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    upstream.requests.length = 0;
    const res = await portal.app.inject({
      method,
      url: '/api/v1/homepage/user/info?x=1',
      headers: { 'x-portal-request': '1', origin: 'http://localhost:80' },
      payload: { agree_yn: 'Y', note: '한글 본문' },
    });
    t.equal(res.statusCode, 200, method);
    t.equal(upstream.requests[0]?.method, method);
    t.equal(upstream.requests[0]?.url, '/api/v1/homepage/user/info?x=1');
    t.same(JSON.parse(upstream.requests[0]?.body ?? 'null'), { agree_yn: 'Y', note: '한글 본문' });
    t.match(String(upstream.requests[0]?.headers['content-type']), /application\/json/);
  }
});

t.test('upstream error answers keep their status and Korean msg', async (t) => {
  upstream.set((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ result: 'error', msg: '요청하신 정보를 찾을 수 없습니다.' }));
  });
  const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/board/notice/999' });
  t.equal(res.statusCode, 404);
  t.same(res.json(), { result: 'error', msg: '요청하신 정보를 찾을 수 없습니다.' });
});

t.test('the API\'s Retry-After on a 503 or a 429 reaches the member; on other answers it is not passed on', async (t) => {
  const TOO_FAST = { result: 'error', msg: '활동 기록은 1분에 10번까지 할 수 있습니다. 잠시 후 다시 시도해 주세요.' };
  for (const [status, retryAfter, body, expected] of [
    [503, '5', TEMPORARY, '5'],
    [429, '37', TOO_FAST, '37'],
    [503, 'Wed, 21 Oct 2026 07:28:00 GMT', TEMPORARY, undefined],
    [409, '5', TOO_FAST, undefined],
  ] as const) {
    upstream.set((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json', 'retry-after': retryAfter });
      res.end(JSON.stringify(body));
    });
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/v1/homepage/activity/bookdiary',
      headers: { 'x-portal-request': '1', origin: 'http://localhost:80' },
      payload: { isbn: '9788936434120', content: '일지' },
    });
    t.equal(res.statusCode, status);
    t.same(res.json(), body, `${status}: the API's Korean message`);
    t.equal(res.headers['retry-after'], expected, `${status} with Retry-After ${retryAfter}: ${expected ?? 'not passed on'}`);
  }
});

t.test('a sign-in while the API\'s database is away: 503 with its Retry-After and the Korean message', async (t) => {
  upstream.set((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
    res.end(JSON.stringify(TEMPORARY));
  });
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/login/login',
    headers: { 'x-portal-request': '1', origin: 'http://localhost:80' },
    payload: loginOf(READER01),
  });
  t.equal(res.statusCode, 503);
  t.equal(res.headers['retry-after'], '5');
  t.same(res.json(), TEMPORARY);
  t.equal(res.headers['set-cookie'], undefined, 'no session');
});

t.test('a malformed answer is a 502', async (t) => {
  const answers: [string, string][] = [
    ['text/html', '<html>oops</html>'],
    ['application/json', '{"no":"result"}'],
    ['application/json', '[1,2,3]'],
    ['application/json', '{"result":"maybe"}'],
    ['application/json', '{"result":"success"'],
  ];
  for (const [type, body] of answers) {
    upstream.set((_req, res) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    });
    const res = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/board/notice' });
    t.equal(res.statusCode, 502, body);
    t.same(res.json(), TEMPORARY);
  }
});

t.test('a slow upstream is a 504 after the timeout', async (t) => {
  upstream.set(async (_req, res) => {
    await new Promise((r) => setTimeout(r, 5_000));
    if (!res.destroyed) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"result":"success"}');
    }
  });
  const hurried = await buildTestPortal(upstream.url, { HOMEPAGE_TIMEOUT_MS: '300' });
  t.teardown(() => hurried.close());
  const started = Date.now();
  const res = await hurried.app.inject({ method: 'GET', url: '/api/v1/homepage/board/notice' });
  t.equal(res.statusCode, 504);
  t.same(res.json(), TEMPORARY);
  // undici's timers tick about every half second: the 300 ms timeout answers well before the upstream.
  t.ok(Date.now() - started < 3_000, 'answers at the timeout, not when the upstream finally does');
});

t.test('a dripping upstream is a 504 at the deadline: headers and body bounded together (decision 0035)', async (t) => {
  // One byte every 100 ms: never silent for long enough to trip an idle timeout, never done.
  const drip = await startFakeUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"result":"success","pad":"');
    const timer = setInterval(() => res.write('x'), 100);
    res.on('close', () => clearInterval(timer));
  });
  const DEADLINE_MS = 500;
  const dripping = await buildTestPortal(drip.url, { HOMEPAGE_TIMEOUT_MS: String(DEADLINE_MS), LOGIN_RATE_PER_MINUTE: '1000' });
  t.teardown(async () => {
    await dripping.close();
    await drip.close();
  });
  const started = performance.now();
  const timed = async (p: Promise<{ statusCode: number; json: () => unknown }>) => {
    const res = await p;
    return { status: res.statusCode, body: res.json(), ms: performance.now() - started };
  };
  const gateway = Array.from({ length: 20 }, (_, i) => timed(dripping.app.inject({ method: 'GET', url: `/api/v1/homepage/board/faq?n=${i}` })));
  const signIn = timed(
    dripping.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: loginOf(READER01) }),
  );
  const answers = await Promise.all([...gateway, signIn]);
  for (const [i, a] of answers.entries()) {
    const what = i < 20 ? `gateway call ${i}` : 'sign-in';
    t.equal(a.status, 504, `${what}: 504`);
    t.match(a.body, { result: 'error', msg: TEMPORARY.msg }, `${what}: the Korean temporary-error text`);
    t.ok(a.ms < DEADLINE_MS + 1_000, `${what} answered within the deadline + 1 s (${Math.round(a.ms)} ms)`);
  }
  t.ok(dripping.logs.lines.some((l) => (l['upstream'] as { reason?: string } | undefined)?.reason === 'timeout'), 'logged as a timeout');
});

t.test('an unreachable upstream is a 502', async (t) => {
  const down = await buildTestPortal(await deadUrl());
  t.teardown(() => down.close());
  const res = await down.app.inject({ method: 'GET', url: '/api/v1/homepage/board/notice' });
  t.equal(res.statusCode, 502);
  t.same(res.json(), TEMPORARY);
  t.ok(down.logs.lines.some((l) => l['msg'] === 'homepage API call failed'), 'the failure is logged');
});

/** Sends a raw request line (no client-side normalisation) and answers status and body. */
async function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

t.test('paths outside the prefix, traversal and encoded tricks are refused (raw requests)', async (t) => {
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (portal.app.server.address() as { port: number }).port;
  const hostile = [
    '/api/v1/homepage/../../admin',
    '/api/v1/homepage/./board/notice',
    '/api/v1/homepage/board/..',
    '/api/v1/homepage/%2e%2e/secret',
    '/api/v1/homepage/board%2f..%2f..%2fadmin',
    '/api/v1/homepage/board%2Fnotice',
    '/api/v1/homepage/board\\..\\admin',
    '/api/v1/homepage//board/notice',
    '/api/v1/homepage/board/notice/',
    '/api/v1/homepage/.env',
    '/api/v1/homepage/board/%00',
    '/api/v1/homepage/board/notice;x=1',
  ];
  for (const url of hostile) {
    const res = await rawGet(port, url);
    t.ok(res.status === 400 || res.status === 404, `${url} → ${res.status}`);
    t.match(res.body, /"result":"error"/, url);
  }
  t.equal(upstream.requests.length, 0, 'nothing reached the upstream');
});

t.test('methods other than the forwarded ones are not routed', async (t) => {
  const res = await portal.app.inject({ method: 'OPTIONS', url: '/api/v1/homepage/board/notice' });
  t.not(res.statusCode, 200);
  t.equal(upstream.requests.length, 0);
});
