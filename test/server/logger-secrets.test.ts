/** No secret in a log line: headers (pino's redact) and secret keys at the top of a logged object or one level down (decision 0140). */
import { Writable } from 'node:stream';
import pino from 'pino';
import t from 'tap';
import { loggerOptions, SECRET_KEYS, withoutSecrets } from '#server/logger.ts';

function capture(): { log: pino.Logger; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      out.push(chunk.toString());
      cb();
    },
  });
  return { log: pino(loggerOptions({ level: 'info', name: 'test' }), stream), lines: () => out.join('').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const SECRET = 'tok-5f0c1e2d-secret';

t.test('secret keys at the top level and one level down, under any key', async (t) => {
  const { log, lines } = capture();
  const body = { user_id: 'reader01', user_pass: SECRET, keep: true };
  const answer = { access_token: SECRET, refresh_token: SECRET, expires_in: 1800 };
  log.info({ body, answer, upstream: { status: 200 }, token: SECRET, password: SECRET }, 'a line with secrets');
  const [line] = lines();
  t.notMatch(JSON.stringify(line), SECRET, 'no secret in the line');
  t.same(line?.['body'], { user_id: 'reader01', user_pass: '[REDACTED]', keep: true }, 'a body: only the password is censored');
  t.equal(line?.['token'], '[REDACTED]', 'a top-level token');
  t.equal(line?.['password'], '[REDACTED]');
  t.same(line?.['answer'], { access_token: '[REDACTED]', refresh_token: '[REDACTED]', expires_in: 1800 }, 'an upstream answer');
  t.same(line?.['upstream'], { status: 200 }, 'what holds no secret is as logged');
  t.equal(body.user_pass, SECRET, 'the logged object itself is not changed');
  t.equal(answer.access_token, SECRET);
});

t.test('every secret key', async (t) => {
  for (const key of SECRET_KEYS) {
    const out = withoutSecrets({ under: { [key]: SECRET, other: 1 } });
    t.same(out['under'], { [key]: '[REDACTED]', other: 1 }, key);
  }
  const plain = { reqId: 'r-1', upstream: { path: '/x', status: 200 } };
  t.equal(withoutSecrets(plain), plain, 'a line with no secret is not copied');
});

t.test('an error keeps its message and stack; its secret property is censored', async (t) => {
  const { log, lines } = capture();
  const err = Object.assign(new Error('upstream refused'), { token: SECRET, statusCode: 502 });
  log.error({ err }, 'failed');
  const [line] = lines();
  const logged = line?.['err'] as Record<string, unknown> | undefined;
  t.equal(logged?.['message'], 'upstream refused');
  t.equal(logged?.['type'], 'Error', 'still serialized as an error');
  t.match(String(logged?.['stack']), /upstream refused/);
  t.equal(logged?.['token'], '[REDACTED]');
  t.equal(logged?.['statusCode'], 502);
  t.equal(err.token, SECRET, 'the error itself is not changed');
});

t.test("a child's line, and the headers pino redacts", async (t) => {
  const { log, lines } = capture();
  log.child({ reqId: 'r-2' }).info({ headers: { cookie: `sid=${SECRET}`, authorization: `Bearer ${SECRET}`, accept: 'text/html' } }, 'headers');
  const [line] = lines();
  t.notMatch(JSON.stringify(line), SECRET);
  t.equal(line?.['reqId'], 'r-2');
  log.child({ reqId: 'r-3' }).warn({ body: { user_pass: SECRET } }, 'a child line');
  t.notMatch(JSON.stringify(lines()[1]), SECRET, "a child's lines are censored too");
  t.same(line?.['headers'], { cookie: '[REDACTED]', authorization: '[REDACTED]', accept: 'text/html' });
});

t.test("a line's time: ISO 8601 UTC, the clock's own millisecond even when it is formatted once a millisecond", async (t) => {
  const { log, lines } = capture();
  const before = Date.now();
  log.info('first');
  log.info('same millisecond or the next');
  // The clock moves on (a state, not a sleep: at most a few milliseconds).
  while (Date.now() <= before + 2);
  log.info('later');
  const after = Date.now();
  const times = lines().map((l) => l['time']);
  for (const time of times) t.match(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'ISO 8601, UTC, milliseconds');
  const ms = times.map((time) => Date.parse(String(time)));
  t.ok(ms.every((m) => m >= before && m <= after), 'each within the logging');
  t.ok((ms[2] ?? 0) > before + 2, 'a later line carries the later time, not a kept one');
});
