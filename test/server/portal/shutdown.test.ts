/**
 * Shutdown drains (decision 0014), with the real process: on SIGTERM /readyz answers 503
 * at once while serving goes on for SHUTDOWN_DELAY_MS; then the server stops accepting,
 * in-flight answers on keep-alive connections carry `Connection: close`, idle keep-alive
 * connections are closed, and the process exits 0 well within SHUTDOWN_GRACE_MS — the
 * embedded API closing last.
 */
import t from 'tap';
import { existsSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { startPortalProcess } from '#test/fixtures/process.ts';

// Two real processes: give the file room on a busy machine (tap's default is 30 s).
t.setTimeout(90_000);
const DELAY_MS = 1_000;
const GRACE_MS = 10_000;
const IN_FLIGHT = 4;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One GET on the given agent; `onSocket` sees the connection it used. */
function get(url: string, agent: Agent | false, onSocket?: (s: Socket) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    if (onSocket) req.once('socket', onSocket);
    req.on('error', reject);
    req.end();
  });
}

/** Resolves when the socket closes (whoever closes it). */
function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
}

t.test('SIGTERM with keep-alive requests in flight: all answered, /readyz 503 during the delay, exit 0 within the grace', async (t) => {
  // An upstream that holds /slow/ answers until released.
  const held: ServerResponse[] = [];
  let heldAll: () => void = () => {};
  const allHeld = new Promise<void>((resolve) => (heldAll = resolve));
  const upstream = await startFakeUpstream((req, res) => {
    if (req.url.includes('/slow/')) {
      held.push(res);
      if (held.length === IN_FLIGHT) heldAll();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ result: 'success', notice_list: [], total_count: 0 }));
  });
  t.teardown(() => upstream.close());
  const portal = await startPortalProcess({ HOMEPAGE_API_URL: upstream.url, SHUTDOWN_DELAY_MS: String(DELAY_MS), SHUTDOWN_GRACE_MS: String(GRACE_MS) });
  t.teardown(() => portal.stop());

  const keepAlive = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  t.teardown(() => {
    keepAlive.destroy();
    idleAgent.destroy();
  });
  // One keep-alive connection left idle, and IN_FLIGHT requests waiting on the upstream.
  let idleSocket: Socket | undefined;
  const warmup = await get(`${portal.url}/healthz`, idleAgent, (s) => (idleSocket = s));
  t.equal(warmup.headers.connection, 'keep-alive', 'the idle connection is kept alive');
  const answers = Array.from({ length: IN_FLIGHT }, (_, i) => get(`${portal.url}/api/v1/homepage/slow/${i}`, keepAlive));
  await allHeld;

  const sigterm = performance.now();
  portal.child.kill('SIGTERM');
  await portal.waitForLine((l) => l['msg'] === 'shutting down');

  const ready = await get(`${portal.url}/readyz`, false);
  t.equal(ready.status, 503, '/readyz answers 503 at once');
  t.match(JSON.parse(ready.body), { status: 'shutting-down' });
  const served = await get(`${portal.url}/api/v1/homepage/board/notice`, false);
  t.equal(served.status, 200, 'serving goes on during the delay');
  t.equal(served.headers.connection, 'close', 'with Connection: close');
  t.notOk(portal.lines.some((l) => l['msg'] === 'closing: no new connections; in-flight requests finish'), 'still within the delay');

  const closing = await portal.waitForLine((l) => l['msg'] === 'closing: no new connections; in-flight requests finish');
  t.ok(Number(closing['elapsedMs']) >= DELAY_MS, `closing after the delay (${String(closing['elapsedMs'])} ms)`);
  t.equal(held.length, IN_FLIGHT, 'the requests are still in flight when the server closes');
  for (const res of held) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ result: 'success', slow: true }));
  }

  const results = await Promise.all(answers);
  t.same(results.map((r) => r.status), Array(IN_FLIGHT).fill(200), 'every in-flight request is answered');
  t.same(results.map((r) => r.headers.connection), Array(IN_FLIGHT).fill('close'), 'each with Connection: close');
  t.same(results.map((r) => (JSON.parse(r.body) as { slow?: boolean }).slow), Array(IN_FLIGHT).fill(true));
  if (idleSocket) await closed(idleSocket);
  t.ok(idleSocket?.destroyed, 'the idle keep-alive connection was closed by the portal');

  const exit = await portal.exited;
  const tookMs = Math.round(exit.at - sigterm);
  t.equal(exit.code, 0, 'exits 0');
  t.ok(tookMs < GRACE_MS, `within the grace: ${tookMs} ms of ${GRACE_MS} ms (delay ${DELAY_MS} ms)`);
  t.comment(`shutdown with ${IN_FLIGHT} in-flight keep-alive requests: exit 0 after ${tookMs} ms (delay ${DELAY_MS} ms, grace ${GRACE_MS} ms)`);
  const order = ['shutting down', 'closing: no new connections; in-flight requests finish', 'portal closed', 'shut down'];
  t.same(portal.lines.filter((l) => order.includes(String(l['msg']))).map((l) => l['msg']), order, 'the steps, in order');
});

t.test('with the embedded API: keep-alive connections open at SIGTERM, the API closes last and cleanly', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-drain-'));
  const portal = await startPortalProcess({ DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '200', SHUTDOWN_GRACE_MS: String(GRACE_MS) });
  t.teardown(() => portal.stop());
  const keepAlive = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  t.teardown(() => keepAlive.destroy());
  const sockets: Socket[] = [];
  const first = await Promise.all(Array.from({ length: IN_FLIGHT }, () => get(`${portal.url}/main/homemain`, keepAlive, (s) => sockets.push(s))));
  t.same(first.map((r) => r.status), Array(IN_FLIGHT).fill(200));
  t.ok(existsSync(join(dataDir, 'homepage.db-wal')), 'the API has its SQLite write-ahead log open');

  // More page loads on the same connections, and SIGTERM while they run.
  const second = Array.from({ length: IN_FLIGHT }, () => get(`${portal.url}/board/notice/homenotice`, keepAlive));
  const sigterm = performance.now();
  portal.child.kill('SIGTERM');
  const results = await Promise.all(second);
  t.same(results.map((r) => r.status), Array(IN_FLIGHT).fill(200), 'every request is answered');
  await Promise.all(sockets.map(closed));

  const exit = await portal.exited;
  const tookMs = Math.round(exit.at - sigterm);
  t.equal(exit.code, 0, 'exits 0');
  t.ok(tookMs < GRACE_MS, `within the grace: ${tookMs} ms`);
  t.comment(`shutdown with the embedded API: exit 0 after ${tookMs} ms (delay 200 ms, grace ${GRACE_MS} ms)`);
  const msgs = portal.lines.map((l) => String(l['msg']));
  const portalClosed = msgs.indexOf('portal closed');
  const apiClosed = msgs.indexOf('embedded homepage API closed');
  t.ok(portalClosed >= 0 && apiClosed > portalClosed, 'the embedded API closes after the portal');
  const api = portal.lines[apiClosed];
  const before = portal.lines[portalClosed];
  t.ok(Number(api?.['elapsedMs']) - Number(before?.['elapsedMs']) < 5_000, 'closed by itself, not terminated after 5 s');
  t.notOk(existsSync(join(dataDir, 'homepage.db-wal')), 'its database was closed (the write-ahead log was checkpointed and removed)');
});
