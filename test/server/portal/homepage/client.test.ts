/**
 * How the homepage client reads an answer (server/portal/homepage/client.ts): whole however
 * it is cut into chunks — Korean characters split between two chunks included — and refused
 * as malformed once it passes the size cap, without reading the rest. An answer cut off in
 * the middle is a broken answer (502), not a hang. A call whose deadline passes while it waits
 * for a pooled connection ends then (504) and is never sent.
 */
import type { ServerResponse } from 'node:http';
import t from 'tap';
import pino from 'pino';
import { Pool } from 'undici';
import { startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { createHomepageClient } from '#server/portal/homepage/client.ts';

const upstream = await startFakeUpstream();
const log = pino({ level: 'silent' });
const client = createHomepageClient({ baseUrl: upstream.url, timeoutMs: 5_000, maxBodyBytes: 64 * 1024 });
t.teardown(async () => {
  await client.close();
  await upstream.close();
});

const call = () => client.call({ method: 'GET', path: '/api/v1/homepage/notice', requestId: 'test', log });

/** Writes `bytes` in pieces of `size`, each in its own turn of the event loop. */
function writeInPieces(res: ServerResponse, bytes: Buffer, size: number): void {
  let at = 0;
  const next = () => {
    if (at >= bytes.length) {
      res.end();
      return;
    }
    res.write(bytes.subarray(at, at + size));
    at += size;
    setImmediate(next);
  };
  next();
}

const answer = { result: 'success', msg: '', list: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `독서 공지 ${i}: 작별하지 않는다` })) };
const text = JSON.stringify(answer);

t.test('an answer in many chunks, characters split between chunks, is read whole', async (t) => {
  // 7 bytes a piece: every Korean character (3 bytes in UTF-8) is cut somewhere.
  upstream.set((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    writeInPieces(res, Buffer.from(text, 'utf8'), 7);
  });
  const result = await call();
  t.ok(result.ok);
  if (!result.ok) return;
  t.same(result.body, answer, 'parsed as sent');
  t.equal(result.raw, text, 'the raw text forwarded by the gateway is the same bytes');
});

t.test('an answer over the cap is malformed (502) and the rest is not read', async (t) => {
  // Valid JSON of 1 MiB: only the cap can refuse it.
  const total = 1024 * 1024;
  const head = Buffer.from('{"result":"success","msg":"","pad":"');
  const piece = Buffer.alloc(16 * 1024, 0x78);
  let written = 0;
  let stopped = false;
  upstream.set((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.on('close', () => (stopped = true));
    res.write(head);
    written = head.length;
    const next = () => {
      if (res.destroyed) return;
      if (written + piece.length >= total) {
        res.end('"}');
        return;
      }
      written += piece.length;
      if (res.write(piece)) setImmediate(next);
      else res.once('drain', next);
    };
    next();
  });
  const result = await call();
  t.same({ ok: result.ok, status: result.status, reason: result.ok ? undefined : result.reason }, { ok: false, status: 502, reason: 'malformed' });
  await t.resolves(
    new Promise<void>((resolve) => {
      const wait = () => (stopped ? resolve() : setImmediate(wait));
      wait();
    }),
    'the connection is closed',
  );
  t.ok(written < total / 2, `the upstream stopped after ${written} of ${total} bytes`);
});

t.test('an answer exactly at the cap is read', async (t) => {
  const padded = JSON.stringify({ result: 'success', msg: '', pad: '' });
  const fill = 64 * 1024 - Buffer.byteLength(padded, 'utf8');
  const body = JSON.stringify({ result: 'success', msg: '', pad: 'x'.repeat(fill) });
  t.equal(Buffer.byteLength(body), 64 * 1024);
  upstream.set((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    writeInPieces(res, Buffer.from(body), 4096);
  });
  const result = await call();
  t.ok(result.ok, 'accepted');
});

t.test('an answer cut off in the middle is a broken answer, not a hang', async (t) => {
  upstream.set((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length * 3) });
    res.write(text.slice(0, 100));
    setImmediate(() => res.destroy());
  });
  const result = await call();
  t.same({ ok: result.ok, status: result.status }, { ok: false, status: 502 });
});

t.test('a call whose deadline passes while it waits for a connection ends then, and is never sent', async (t) => {
  // One connection: the second call waits behind the first, which the upstream holds.
  const single = new Pool(upstream.url, { connections: 1 });
  const queued = createHomepageClient({ baseUrl: upstream.url, timeoutMs: 5_000, dispatcher: single });
  t.teardown(() => single.close());
  const seen: string[] = [];
  let release = () => {};
  upstream.set((req, res) => {
    seen.push(req.headers['x-request-id'] as string);
    const answerNow = () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: 'success', msg: '' }));
    };
    if (seen.length === 1) release = answerNow;
    else answerNow();
  });
  const first = queued.call({ method: 'GET', path: '/api/v1/homepage/notice', requestId: 'first', log });
  await t.resolves(
    new Promise<void>((resolve) => {
      const wait = () => (seen.length === 1 ? resolve() : setImmediate(wait));
      wait();
    }),
    'the first call holds the only connection',
  );
  const started = Date.now();
  const second = await queued.call({ method: 'GET', path: '/api/v1/homepage/notice', requestId: 'second', log, deadlineMs: 100 });
  t.same({ ok: second.ok, status: second.status, reason: second.ok ? undefined : second.reason }, { ok: false, status: 504, reason: 'timeout' });
  t.ok(Date.now() - started < 2_000, 'ended at its deadline, not when the connection came free');
  release();
  const answered = await first;
  t.ok(answered.ok, 'the first call is answered');
  // The connection is free again: a third call goes through, and the second was never sent.
  const third = await queued.call({ method: 'GET', path: '/api/v1/homepage/notice', requestId: 'third', log });
  t.ok(third.ok);
  t.same(seen, ['first', 'third'], 'the upstream never saw the call that passed its deadline');
});
