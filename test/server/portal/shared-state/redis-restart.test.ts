/**
 * A Redis restart does not bring signed-out sessions back (decision 0115; the stack test found
 * it did): with deploy/redis.conf — the settings compose and `npm run stack` run Redis with —
 * the record of a sign-out is kept in an append-only file, so after Redis restarts, a portal
 * instance that never saw the sign-out (a new process: nothing in its memory) still treats a
 * replayed copy of the session's cookies as a visitor.
 *
 * Needs Debian's redis-server (.ci/run installs it); outside CI, without it, skipped.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { REDIS_CONF } from '#scripts/stack/settings.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { redisServerAvailable, startRedis, type RedisProcess } from '#test/fixtures/redis.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

const inCi = !!process.env['CI'] && process.env['CI'] !== 'false';
const available = redisServerAvailable();
if (!available && inCi) throw new Error('redis-server is missing: .ci/run installs it (apt-get install redis-server)');

t.test('signed out before a Redis restart, still signed out after it, on an instance that never saw it', { skip: available ? false : 'redis-server is not installed' }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'redis-restart-'));
  const password = randomBytes(12).toString('hex');
  const start = (port?: number) => startRedis({ configFile: REDIS_CONF, dir, password, ...(port ? { port } : {}) });
  let redis: RedisProcess = await start();
  const api = await startReferenceApi();
  const env = { REDIS_URL: redis.url, SESSION_SECRET: randomBytes(32).toString('base64url') };
  const first = await buildTestPortal(api.url, env);
  t.teardown(async () => {
    await first.close();
    await api.close();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const jar = new Jar().take(await first.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: loginOf(READER01) }));
  const copy = jar.header();
  const out = await first.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: copy } });
  t.equal(out.statusCode, 200, 'signed out');

  await redis.stop();
  redis = await start(redis.port);

  const fresh = await buildTestPortal(api.url, env);
  t.teardown(() => fresh.close());
  const token = await fresh.app.inject({ method: 'GET', url: '/api/token/access/token', headers: { ...PORTAL_CALL, cookie: copy } });
  t.equal(token.statusCode, 401, 'the replayed copy gets no token from a new instance after the restart');
  const page = await fresh.app.inject({ method: 'GET', url: '/mypage/mypage', headers: { accept: 'text/html', cookie: copy } });
  for (const secret of ['김서연', 'reader01', '2026000001']) t.notOk(page.body.includes(secret), `the page shows no ${secret}`);
});
