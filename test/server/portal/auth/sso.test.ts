/**
 * The test single sign-on (TEST_LOGIN=Y, docs/decisions/D2-answers-and-codes.md, 0012): its token never reaches the
 * logs of either process (it travels in the homepage API's path), and /sso/sso refuses
 * cross-site requests (login CSRF) while links on the portal and typed addresses work.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/portal/app.ts';
import { loadConfig } from '#server/portal/config.ts';
import type { HomepageClient } from '#server/portal/homepage/client.ts';
import { redactUrl } from '#server/logger.ts';
import { startPortalProcess } from '#test/fixtures/process.ts';

const TOKEN = 'sso-test-reader01-2026';
const KEY = 'UK7F3A9C21D4E8';

t.test('logs of both processes with TEST_LOGIN=Y hold no SSO token', async (t) => {
  const portal = await startPortalProcess({ TEST_LOGIN: 'Y', LOG_LEVEL: 'trace' });
  t.teardown(() => portal.stop());
  const wrongToken = 'sso-guessed-token-9f8e7d6c5b4a';

  const plain = await fetch(`${portal.url}/sso/sso`, { redirect: 'manual', headers: { 'sec-fetch-site': 'same-origin' } });
  t.equal(plain.status, 302, 'the test member signs in');
  const cookies = plain.headers.getSetCookie().join('\n');
  const explicit = await fetch(`${portal.url}/sso/sso?userid=reader01&key=${KEY}&token=${TOKEN}`, { redirect: 'manual', headers: { 'sec-fetch-site': 'none' } });
  t.equal(explicit.status, 302, 'with the token in the query');
  const wrong = await fetch(`${portal.url}/sso/sso?userid=reader01&key=${KEY}&token=${wrongToken}`, { redirect: 'manual' });
  t.equal(wrong.status, 401, 'a wrong token is refused');
  const direct = await fetch(`${portal.url}/api/v1/homepage/auth/sso/${TOKEN}?userid=reader01&key=${KEY}`);
  t.equal(direct.status, 400, 'the gateway does not reach the sign-in calls');
  const forged = await fetch(`${portal.url}/sso/sso?token=${TOKEN}`, { redirect: 'manual', headers: { 'sec-fetch-site': 'cross-site' } });
  t.equal(forged.status, 403);

  // The worker writes its log lines on its own thread: wait for the answer to the wrong token.
  await portal.waitForLine((l) => l['name'] === 'homepage-api' && l['msg'] === 'request completed' && (l['res'] as { statusCode?: number } | undefined)?.statusCode === 401);
  await portal.stop();

  const output = portal.output();
  t.ok(portal.lines.some((l) => l['name'] === 'homepage-api'), 'the embedded API logged');
  t.ok(portal.lines.some((l) => (l['upstream'] as { path?: string } | undefined)?.path === '/api/v1/homepage/auth/sso/[REDACTED]'), 'the portal logs the upstream path, redacted');
  for (const secret of [TOKEN, wrongToken, KEY]) t.notOk(output.includes(secret), `${secret} is nowhere in the logs`);
  const issued = [...cookies.matchAll(/portal_(?:at|rt)=([^;]+)/g)].map((m) => m[1] ?? '');
  t.equal(issued.length, 2, 'tokens were issued');
  for (const token of issued) t.notOk(output.includes(token), 'an issued token is nowhere in the logs');
});

t.test('redactUrl: secret path segments and query values', async (t) => {
  t.equal(redactUrl(`/api/v1/homepage/auth/sso/${TOKEN}?userid=reader01&key=${KEY}`), '/api/v1/homepage/auth/sso/[REDACTED]?userid=reader01&key=%5BREDACTED%5D');
  t.equal(redactUrl(`/sso/sso?token=${TOKEN}`), '/sso/sso?token=%5BREDACTED%5D');
  t.equal(redactUrl('/sso/sso'), '/sso/sso', 'the portal\'s own page path is kept');
  t.equal(redactUrl('/api/v1/homepage/board/notice?notice_type=1'), '/api/v1/homepage/board/notice?notice_type=1');
});

const ssoAnswer: HomepageClient = {
  baseUrl: 'http://homepage.invalid',
  close: async () => {},
  call: async () => ({
    ok: true,
    status: 200,
    body: {
      result: 'success', code_value: 'reader01', expired: false, userId: 'reader01', username: '김서연', userNo: '1', userAuth: ['ROLE_USER'],
      userKey: KEY, agreeYn: 'Y', noticeYn: 'N', access_token: 'at', access_expires_in: 60, refresh_token: 'rt', refresh_expires_in: 600,
    },
    durationMs: 0,
  }),
};

async function portal(testLogin: 'Y' | 'N'): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', PAGE_CACHE_TTL_S: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', HOMEPAGE_API_URL: ssoAnswer.baseUrl, TEST_LOGIN: testLogin }, []);
  const app = await buildApp(config, { homepage: ssoAnswer, logger: false });
  await app.ready();
  return app;
}

t.test('/sso/sso refuses cross-site requests (login CSRF); same-origin and typed addresses work', async (t) => {
  const app = await portal('Y');
  t.teardown(() => app.close());
  const go = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/sso/sso', headers: { accept: 'text/html', ...headers } });
  const refused: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-origin', origin: 'null' }];
  for (const headers of refused) {
    const res = await go(headers);
    t.equal(res.statusCode, 403, JSON.stringify(headers));
    t.equal(res.headers['set-cookie'], undefined, 'no cookies are set');
    t.match(res.json(), { result: 'error', msg: '허용되지 않은 요청입니다.' });
  }
  const allowed: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' }, {}];
  for (const headers of allowed) {
    const res = await go(headers);
    t.equal(res.statusCode, 302, JSON.stringify(headers));
    t.equal(res.headers.location, '/main/homemain');
  }
});

t.test('without TEST_LOGIN, /sso/sso is not found whoever asks', async (t) => {
  const app = await portal('N');
  t.teardown(() => app.close());
  const res = await app.inject({ method: 'GET', url: '/sso/sso', headers: { 'sec-fetch-site': 'cross-site' } });
  t.equal(res.statusCode, 404);
});
