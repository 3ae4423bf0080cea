/**
 * Several instances of one homepage API (HOMEPAGE_API_URL as a list, decision 0130): calls take
 * turns; an instance that refuses connections is left out and the call goes to the next at
 * once, whatever its method; a read whose connection broke after it was sent goes to another
 * instance, a write does not (it may have been applied) and is a 502 — unless it carries an
 * Idempotency-Key (decision 0141): then it goes again, with the same key.
 */
import t from 'tap';
import pino from 'pino';
import { createHomepageClient, type HomepageMethod } from '#server/portal/homepage/client.ts';
import { echo, startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { freePort } from '#test/fixtures/ports.ts';

const lines: { msg?: string; upstream?: { instance?: string } }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });

const a = await startFakeUpstream();
const b = await startFakeUpstream();
t.teardown(async () => {
  await a.close();
  await b.close();
});

const call = (client: ReturnType<typeof createHomepageClient>, method: HomepageMethod = 'GET') =>
  client.call({ method, path: '/api/v1/homepage/board/notice', requestId: 'test', log, ...(method === 'POST' ? { body: { n: 1 } } : {}) });

t.test('calls take turns between two instances', async (t) => {
  const client = createHomepageClient({ baseUrl: [a.url, b.url], timeoutMs: 5_000 });
  t.teardown(() => client.close());
  const [beforeA, beforeB] = [a.requests.length, b.requests.length];
  for (let i = 0; i < 6; i++) t.ok((await call(client)).ok);
  t.equal(a.requests.length - beforeA, 3);
  t.equal(b.requests.length - beforeB, 3);
  t.equal(client.baseUrl, a.url, 'the first instance names the API (logs)');
});

t.test('an instance that refuses connections: every call, a write too, goes to the other, and it is left out', async (t) => {
  const gone = `http://127.0.0.1:${await freePort()}`;
  const client = createHomepageClient({ baseUrl: [gone, b.url], timeoutMs: 5_000, instanceDownMs: 60_000 });
  t.teardown(() => client.close());
  const before = b.requests.length;
  const from = lines.length;
  const write = await call(client, 'POST');
  t.match(write, { ok: true, status: 200 }, 'the write refused a connection by the first was sent to the second');
  for (let i = 0; i < 4; i++) t.ok((await call(client)).ok);
  t.equal(b.requests.length - before, 5, 'all five reached the live instance');
  const retries = lines.slice(from).filter((l) => l.msg === 'homepage API instance failed: trying the next');
  t.equal(retries.length, 1, 'the refusing instance was tried once, then left out');
  t.equal(retries[0]?.upstream?.instance, gone);
});

t.test('with every instance refusing, the call is a 502 after trying each once', async (t) => {
  const client = createHomepageClient({ baseUrl: [`http://127.0.0.1:${await freePort()}`, `http://127.0.0.1:${await freePort()}`], timeoutMs: 5_000 });
  t.teardown(() => client.close());
  t.match(await call(client, 'POST'), { ok: false, status: 502, reason: 'unreachable' });
  t.match(await call(client), { ok: false, status: 502 }, 'both left out: still tried (the soonest back first), no hang');
});

t.test('a connection broken after the request was sent: a read goes to the other instance, a write is a 502', async (t) => {
  a.set((_req, res) => void res.socket?.destroy());
  t.teardown(() => a.set(echo));
  const client = createHomepageClient({ baseUrl: [a.url, b.url], timeoutMs: 5_000 });
  t.teardown(() => client.close());
  const before = b.requests.length;
  t.match(await call(client), { ok: true, status: 200 }, 'the read was answered by the second instance');
  t.equal(b.requests.length - before, 1);
  // The turn is now the first instance's again.
  const write = await call(client, 'POST');
  t.match(write, { ok: false, status: 502 }, 'the write is not sent twice: the member sees the temporary error');
  t.equal(b.requests.length - before, 1, 'the second instance never saw the write');
});

t.test('a write with an Idempotency-Key whose connection broke goes to the other instance, with its key', async (t) => {
  a.set((_req, res) => void res.socket?.destroy());
  t.teardown(() => a.set(echo));
  const client = createHomepageClient({ baseUrl: [a.url, b.url], timeoutMs: 5_000 });
  t.teardown(() => client.close());
  const [beforeA, beforeB] = [a.requests.length, b.requests.length];
  const write = await client.call({ method: 'POST', path: '/api/v1/homepage/user/goal', requestId: 'test', log, body: { goal_books: 3 }, idempotencyKey: 'lost-1' });
  t.match(write, { ok: true, status: 200 }, 'answered by the second instance');
  t.same([a.requests.length - beforeA, b.requests.length - beforeB], [1, 1], 'sent to each once');
  t.same([a.requests.at(-1)?.headers['idempotency-key'], b.requests.at(-1)?.headers['idempotency-key']], ['"lost-1"', '"lost-1"']);
});

t.test('one instance: as before, no retry', async (t) => {
  a.set((_req, res) => void res.socket?.destroy());
  t.teardown(() => a.set(echo));
  const client = createHomepageClient({ baseUrl: a.url, timeoutMs: 5_000 });
  t.teardown(() => client.close());
  const before = a.requests.length;
  t.match(await call(client), { ok: false, status: 502 });
  t.equal(a.requests.length - before, 1, 'sent once');
});
