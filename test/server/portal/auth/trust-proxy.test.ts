/**
 * TRUST_PROXY (decision 0011): behind one trusted proxy, the client address is the one
 * that proxy saw. Whatever a client writes into X-Forwarded-For beyond that hop does not
 * change the sign-in rate-limit key: the 11th attempt a minute is refused (429).
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/portal/app.ts';
import { loadConfig } from '#server/portal/config.ts';
import type { HomepageClient } from '#server/portal/homepage/client.ts';
import { PORTAL_CALL } from '#test/fixtures/portal.ts';

const refusing: HomepageClient = {
  baseUrl: 'http://homepage.invalid',
  close: async () => {},
  call: async () => ({ ok: true, status: 401, body: { result: 'error', msg: '아이디 또는 비밀번호가 맞지 않습니다.' }, durationMs: 0 }),
};

/** The portal with this TRUST_PROXY, and the client address (req.ip) of its last request. */
async function portal(trustProxy: string): Promise<{ app: FastifyInstance; lastIp(): string }> {
  const config = loadConfig({ NODE_ENV: 'test', PAGE_CACHE_TTL_S: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', HOMEPAGE_API_URL: refusing.baseUrl, TRUST_PROXY: trustProxy, LOGIN_RATE_PER_MINUTE: '10' }, []);
  const app = await buildApp(config, { homepage: refusing, logger: false });
  let ip = '';
  app.addHook('onResponse', async (req) => {
    ip = req.ip;
  });
  await app.ready();
  return { app, lastIp: () => ip };
}

/** 11 sign-in attempts, each with a new forged address before the one the proxy appended. */
async function attempts(app: FastifyInstance): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/login',
      remoteAddress: '10.0.0.2',
      headers: { ...PORTAL_CALL, 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7` },
      payload: { user_id: `member${i}`, user_pass: 'wrong-password' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

for (const setting of ['1', '10.0.0.2', '10.0.0.0/8', 'uniquelocal']) {
  t.test(`TRUST_PROXY=${setting}: forged X-Forwarded-For does not move the key`, async (t) => {
    const { app, lastIp } = await portal(setting);
    t.teardown(() => app.close());
    const statuses = await attempts(app);
    t.same(statuses.slice(0, 10), Array(10).fill(401), '10 attempts are answered');
    t.equal(statuses[10], 429, 'the 11th is refused');
    t.equal(lastIp(), '203.0.113.7', 'the client is the address the trusted proxy saw');
  });
}

t.test('trusting more hops than there are proxies lets the forged address through (why Y, every hop, is refused)', async (t) => {
  const { app, lastIp } = await portal('2');
  t.teardown(() => app.close());
  const statuses = await attempts(app);
  t.same(statuses, Array(11).fill(401), 'each forged address got a fresh limit');
  t.equal(lastIp(), '198.51.100.11');
});

t.test('N: the socket address is the key; X-Forwarded-For is ignored', async (t) => {
  const { app, lastIp } = await portal('N');
  t.teardown(() => app.close());
  const statuses = await attempts(app);
  t.equal(statuses[10], 429);
  t.equal(lastIp(), '10.0.0.2');
});

t.test('proxy addresses: a client that reaches the portal directly cannot name its own address', async (t) => {
  const { app, lastIp } = await portal('10.0.0.0/8');
  t.teardown(() => app.close());
  await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '198.51.100.50', headers: { 'x-forwarded-for': '203.0.113.9' } });
  t.equal(lastIp(), '198.51.100.50');
});
