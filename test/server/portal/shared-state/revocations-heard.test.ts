/**
 * Signed-out checks answered from memory while every instance hears every sign-out (decision
 * 0160), with a real `redis-server` and portal instances on it. Every Redis command is watched
 * through MONITOR:
 * - while listening, B answers a live session's page and gateway call with no signed-out check
 *   in Redis, and refuses A's signed-out session once heard, still asking nothing;
 * - a sign-out made before an instance subscribed is found by its catch-up;
 * - while B cannot listen, B asks Redis (EXISTS) again; once it listens again, memory again, and a
 *   mark written meanwhile (never published) is found by the catch-up;
 * - beyond the cap of marks kept, an instance asks Redis again (and says so once);
 * - a listening connection that goes silent without closing is found by its PING and made again.
 * The restart of an empty Redis is redis-restart.test.ts and sign-out-redis.test.ts.
 *
 * Needs Debian's redis-server (.ci/run installs it); outside CI, without it, skipped.
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { markIds } from '#server/portal/auth/revocations.ts';
import { PortalMetrics } from '#server/portal/ops/metrics.ts';
import { RedisLink } from '#server/portal/shared-state/redis.ts';
import { SharedRevocations } from '#server/portal/shared-state/revocations.ts';
import { captureLogs, type CapturedLogs } from '#test/fixtures/logs.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi, type TestPortal } from '#test/fixtures/portal.ts';
import { parsePrometheusText, sampleValue } from '#test/fixtures/prometheus-text.ts';
import { redisServerAvailable, startRedis } from '#test/fixtures/redis.ts';
import { waitFor } from '#test/fixtures/wait.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

const inCi = !!process.env['CI'] && process.env['CI'] !== 'false';
const available = redisServerAvailable();
if (!available && inCi) throw new Error('redis-server is missing: .ci/run installs it (apt-get install redis-server)');

const eventOf = (l: Record<string, unknown>) => (l['auth'] as { event?: string } | undefined)?.event;
const events = (logs: CapturedLogs, event: string) => logs.lines.filter((l) => eventOf(l) === event);

t.test('signed-out checks from memory while every sign-out is heard', { skip: available ? false : 'redis-server is not installed (apt-get install redis-server)' }, async (t) => {
  const redis = await startRedis();
  const admin = new Redis(redis.url, { lazyConnect: true });
  await admin.connect();
  const monitor = await admin.monitor();
  const seen: string[][] = [];
  monitor.on('monitor', (_time: string, args: string[]) => seen.push(args.map(String)));
  const api = await startReferenceApi({ accessTtlS: 600 });
  const env = { REDIS_URL: redis.url, SESSION_SECRET: randomBytes(32).toString('base64url'), LOGIN_RATE_PER_MINUTE: '1000' };
  const portals: TestPortal[] = [];
  const closers: (() => Promise<void>)[] = [];
  t.teardown(async () => {
    for (const close of closers) await close();
    for (const p of portals) await p.close();
    monitor.disconnect();
    admin.disconnect();
    await redis.stop();
    await api.close();
  });
  const listenings = (p: TestPortal) => events(p.logs, 'revocations-listening').length;
  const start = async () => {
    const p = await buildTestPortal(api.url, env);
    portals.push(p);
    await waitFor('the instance listens', () => listenings(p) >= 1);
    return p;
  };
  const a = await start();
  const b = await start();

  /** The commands Redis ran while `fn` ran (an ECHO after it marks the end of the stream). */
  const during = async <T>(fn: () => Promise<T>): Promise<{ answer: T; commands: string[][] }> => {
    const from = seen.length;
    const answer = await fn();
    const marker = `end-${randomBytes(6).toString('hex')}`;
    await admin.echo(marker);
    await waitFor('MONITOR shows the marker', () => seen.slice(from).some((c) => c.includes(marker)));
    return { answer, commands: seen.slice(from).filter((c) => !c.includes(marker)) };
  };
  /** Commands that ask Redis about a signed-out mark (not an instance's catch-up, which may run meanwhile). */
  const checks = (commands: string[][]) =>
    commands.filter((c) => {
      const name = c[0]?.toLowerCase();
      if (name === 'scan' || name === 'pexpiretime') return false;
      return name === 'exists' || c.some((arg) => arg.startsWith('portal:revoked-'));
    });

  const signIn = async (p: TestPortal) =>
    new Jar().take(await p.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { user_id: 'reader01', user_pass: PASSWORD } }));
  const signOut = async (p: TestPortal, jar: Jar) =>
    (await p.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...PORTAL_CALL, cookie: jar.header() } })).statusCode;
  const page = async (p: TestPortal, jar: Jar) => (await p.app.inject({ method: 'GET', url: '/mypage/mypage', headers: { accept: 'text/html', cookie: jar.header() } })).body;
  const gateway = async (p: TestPortal, jar: Jar) =>
    (await p.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header(), 'sec-fetch-site': 'same-origin' } })).statusCode;
  const token = async (p: TestPortal, jar: Jar) =>
    (await p.app.inject({ method: 'GET', url: '/api/token/access/token', headers: { ...PORTAL_CALL, cookie: jar.header() } })).statusCode;
  const fromMemory = async (p: TestPortal) => sampleValue(parsePrometheusText(await p.app.metrics.registry.metrics()), 'portal_revocations_from_memory');

  const signedOutOnA = await signIn(a);

  await t.test('listening: B answers a live session with no signed-out check in Redis', async (t) => {
    t.equal(await fromMemory(b), 1, 'B says it answers from memory');
    const jar = await signIn(a);
    const { answer: html, commands } = await during(async () => await page(b, jar));
    t.match(html, /김서연/, 'B renders the member');
    t.same(checks(commands), [], 'the page asked Redis nothing about sign-outs');
    const call = await during(async () => await gateway(b, jar));
    t.equal(call.answer, 200, 'B forwards the gateway call');
    t.same(checks(call.commands), [], 'the gateway call asked Redis nothing about sign-outs');
  });

  await t.test('signed out on A: B refuses the copy once heard, still asking nothing', async (t) => {
    t.equal(await token(b, signedOutOnA), 200, 'signed in on B');
    t.equal(await signOut(a, signedOutOnA), 200, 'signed out on A');
    await waitFor('B refuses the copy', async () => (await token(b, signedOutOnA)) === 401);
    const { answer: html, commands } = await during(async () => await page(b, signedOutOnA));
    t.notOk(html.includes('김서연'), 'B renders a visitor');
    t.same(checks(commands), [], 'from what B heard');
    t.equal(await gateway(b, signedOutOnA), 401, 'B refuses the gateway call');
  });

  await t.test('signed out before an instance subscribed: its catch-up finds it', async (t) => {
    const jar = await signIn(a);
    t.equal(await signOut(a, jar), 200, 'signed out on A');
    const c = await start();
    const caughtUp = events(c.logs, 'revocations-listening')[0]?.['auth'] as { found?: number } | undefined;
    t.ok((caughtUp?.found ?? 0) >= 6, `C's catch-up found both sign-outs' marks (${caughtUp?.found})`);
    const { answer: status, commands } = await during(async () => await token(c, jar));
    t.equal(status, 401, 'C refuses the copy');
    t.same(checks(commands), [], 'from memory');
    t.equal(await token(c, signedOutOnA), 401, 'and the earlier one');
  });

  await t.test("B's listening connection down: B asks Redis; back: memory, and what was written meanwhile is found", async (t) => {
    const lost = events(b.logs, 'revocations-not-listening').length;
    const listened = listenings(b);
    // Nobody may subscribe, and the listening connections are cut: they keep trying.
    await admin.call('ACL', 'SETUSER', 'default', 'resetchannels');
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await waitFor('B stops listening', () => events(b.logs, 'revocations-not-listening').length > lost);
    t.equal(await fromMemory(b), 0, 'B says it asks Redis');
    const jar = await signIn(a);
    const asked = await during(async () => await token(b, jar));
    t.equal(asked.answer, 200, 'a live session is served');
    t.ok(checks(asked.commands).some((c) => c[0]?.toLowerCase() === 'exists'), 'after asking Redis (EXISTS)');

    // Written while nobody listens, and never published: only a catch-up can find it.
    const [mark] = markIds({ access: jar.get('portal_at') });
    await admin.set(`portal:revoked-${mark}`, '1', 'PXAT', Date.now() + 600_000);
    await admin.call('ACL', 'SETUSER', 'default', 'allchannels');
    await waitFor('B listens again', () => listenings(b) > listened);
    t.equal(await fromMemory(b), 1, 'B says it answers from memory again');
    t.equal(sampleValue(parsePrometheusText(await b.app.metrics.registry.metrics()), 'portal_revocation_marks_heard'), 7, 'and keeps the marks of two sign-outs and the one written meanwhile');
    const heard = await during(async () => await token(b, jar));
    t.equal(heard.answer, 401, 'B refuses the session whose mark it caught up');
    t.same(checks(heard.commands), [], 'from memory');
    const live = await signIn(a);
    const again = await during(async () => await page(b, live));
    t.match(again.answer, /김서연/, 'a live session is served');
    t.same(checks(again.commands), [], 'asking Redis nothing');
  });

  await t.test('beyond the cap of marks kept, checks ask Redis again (said once)', async (t) => {
    await admin.flushall();
    const logs = captureLogs();
    const log = pino({ level: 'info' }, logs.stream);
    const open = (cap?: number) => {
      const link = new RedisLink(redis.url, log, new PortalMetrics());
      closers.push(() => link.close());
      return { link, revocations: new SharedRevocations(link, log, cap === undefined ? {} : { cap }) };
    };
    const writer = open();
    const reader = open(5);
    await writer.link.connect();
    await reader.link.connect();
    await waitFor('both listen', () => writer.revocations.listening && reader.revocations.listening);
    const until = Date.now() + 600_000;
    await writer.revocations.revoke({ sid: 'one', access: 'one-at', refresh: 'one-rt' }, until);
    await waitFor('the reader heard three marks', () => reader.revocations.heard === 3);
    const under = await during(async () => await reader.revocations.isRevoked({ access: 'live-at' }));
    t.equal(under.answer, false, 'a live session');
    t.same(checks(under.commands), [], 'under the cap: from memory');

    await writer.revocations.revoke({ sid: 'two', access: 'two-at', refresh: 'two-rt' }, until);
    await waitFor('the reader is over the cap', () => !reader.revocations.listening);
    t.equal(reader.revocations.heard, 0, 'it keeps no marks');
    const over = await during(async () => await reader.revocations.isRevoked({ access: 'live-at' }));
    t.equal(over.answer, false, 'a live session');
    t.ok(checks(over.commands).some((c) => c[0]?.toLowerCase() === 'exists'), 'over the cap: asked Redis');
    t.equal(await reader.revocations.isRevoked({ access: 'one-at' }), true, "the writer's sign-out still holds, through Redis");
    await writer.revocations.revoke({ sid: 'three', access: 'three-at', refresh: 'three-rt' }, until);
    t.ok(writer.revocations.listening, 'the writer (default cap) still listens');
    t.equal(events(logs, 'revocations-over-cap').length, 1, 'said once');

    // Their ends passed (here: gone), the next subscription's catch-up fits again.
    await admin.flushall();
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await waitFor('both listen again', () => reader.revocations.listening && writer.revocations.listening);
    const back = await during(async () => await reader.revocations.isRevoked({ access: 'live-at' }));
    t.same(checks(back.commands), [], 'under the cap again: from memory');
  });

  await t.test('a listening connection gone silent is cut within seconds, and listens again', async (t) => {
    const logs = captureLogs();
    const log = pino({ level: 'info' }, logs.stream);
    const link = new RedisLink(redis.url, log, new PortalMetrics());
    closers.push(() => link.close());
    const revocations = new SharedRevocations(link, log);
    await link.connect();
    await waitFor('it listens', () => revocations.listening);
    // Redis answers nobody for a while, the connections staying open: only the PING can tell.
    await admin.call('CLIENT', 'PAUSE', '8000', 'ALL');
    await waitFor('it stops listening', () => !revocations.listening);
    t.match(events(logs, 'revocations-not-listening'), [{ level: 40 }], 'said once, as a warning');
    await waitFor('it listens again', () => revocations.listening, 30_000);
    t.equal(events(logs, 'revocations-listening').length, 2, 'caught up again');
  });
});
