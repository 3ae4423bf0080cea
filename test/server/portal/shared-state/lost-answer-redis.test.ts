/**
 * A session survives a lost answer across instances (issue 38, part 3; decision 0142): two
 * portals on one real `redis-server`, the answer lost on A and the browser's retry landing on B
 * (and back), with the scenario of test/fixtures/lost-answer.ts. The held pairs live in Redis, so
 * B gives the pair A obtained, and a pair sent back on one instance is no longer held on either.
 *
 * Redis counts the 2 s share of a refresh's outcome (decision 0020) in real time: past it, here,
 * is the portals' clocks moved and the share keys gone, as they would be 2 s later.
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { lostAnswerScenario, startLostAnswerApi } from '#test/fixtures/lost-answer.ts';
import { buildTestPortal, PORTAL_CALL } from '#test/fixtures/portal.ts';
import { redisServerAvailable, startRedis } from '#test/fixtures/redis.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

const inCi = !!process.env['CI'] && process.env['CI'] !== 'false';
const available = redisServerAvailable();
if (!available && inCi) throw new Error('redis-server is missing: .ci/run installs it (apt-get install redis-server)');

t.test('the lost answer across two instances on one Redis', { skip: available ? false : 'redis-server is not installed (apt-get install redis-server)' }, async (t) => {
  const redis = await startRedis();
  const admin = new Redis(redis.url, { lazyConnect: true });
  await admin.connect();
  const world = await startLostAnswerApi();
  // Both portals on the one Redis, with one secret: what A seals, B opens.
  const env = { ...world.env, REDIS_URL: redis.url, SESSION_SECRET: randomBytes(32).toString('base64url') };
  const a = await buildTestPortal(world.api.url, env, world.clock);
  const b = await buildTestPortal(world.api.url, env, world.clock);
  t.teardown(async () => {
    await a.close();
    await b.close();
    admin.disconnect();
    await redis.stop();
    await world.api.close();
  });

  await t.test('a held pair expires in Redis with its hold', async (t) => {
    const login = await a.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: loginOf(READER01) });
    const rt = login.cookies.find((c) => c.name === 'portal_rt')?.value ?? '';
    const refreshed = await a.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: `portal_rt=${rt}` } });
    t.equal(refreshed.statusCode, 200);
    const keys = await admin.keys('portal:held:*');
    t.equal(keys.length, 1, 'one key for the spent token');
    const ttl = await admin.pttl(keys[0] ?? '');
    t.ok(ttl > 0 && ttl <= Number(world.env['REFRESH_HOLD_S']) * 1000, `expiring within REFRESH_HOLD_S (${ttl} ms)`);
    const value = (await admin.get(keys[0] ?? '')) ?? '';
    for (const c of refreshed.cookies.filter((c) => c.name === 'portal_at' || c.name === 'portal_rt')) t.notOk(value.includes(c.value), `sealed: no ${c.name} in Redis`);
    await admin.flushall();
  });

  await lostAnswerScenario(t, world, {
    a,
    b,
    shareGone: async () => {
      const shared = await admin.keys('portal:refresh:*');
      if (shared.length > 0) await admin.del(...shared);
    },
    heldInRedis: async () => (await admin.keys('portal:held:*')).length,
  });
});
