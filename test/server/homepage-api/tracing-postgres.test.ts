/**
 * The reference API alone on PostgreSQL with traces on (decision 0128), as the compose stack
 * runs it: a call carrying a `traceparent` (the portal's, through undici) gives the API's request
 * span and one `postgresql` CLIENT span per statement, all in the caller's trace, and the API's
 * log lines carry the ids. The SQLite side is in test/server/portal/tracing.test.ts.
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, post, spawnApi } from './helpers.ts';
import { startOtlpReceiver } from '#test/fixtures/otlp-receiver.ts';
import { startPostgres } from '#test/fixtures/postgres.ts';

t.test('a traced call to the API on PostgreSQL: request and statement spans in the caller\'s trace', async (t) => {
  const receiver = await startOtlpReceiver({ keep: true });
  t.teardown(() => receiver.close());
  const pg = await startPostgres();
  t.teardown(() => pg.stop());
  const dir = mkdtempSync(join(tmpdir(), 'api-pg-trace-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const api = await spawnApi(
    dir,
    { DATABASE_URL: await pg.createDatabase(), OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_SERVICE_NAME: 'homepage-api-a' },
    60_000,
  );
  t.teardown(() => {
    if (api.child.exitCode === null) api.child.kill('SIGKILL');
  });
  const login = await post(`${api.url}/api/v1/homepage/auth/login`, undefined, { user_id: 'reader01', user_pass: PASSWORD });
  t.equal(login.status, 200);

  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  const res = await fetch(`${api.url}/api/v1/homepage/user/point`, {
    headers: { authorization: `Bearer ${String(login.body['access_token'])}`, traceparent: `00-${traceId}-${parentId}-01`, 'x-request-id': 'trace-pg-1' },
  });
  t.equal(res.status, 200);
  await res.text();

  const inTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
  const isStatement = (s: (typeof receiver.spans)[number]) => s.attributes['db.system.name'] === 'postgresql' && typeof s.attributes['db.query.text'] === 'string';
  // The member read is one statement (decision 0137): the token with its member and the point summary.
  await receiver.waitFor(() => inTrace().some((s) => s.parentSpanId === parentId) && inTrace().filter(isStatement).length >= 1);
  const request = inTrace().find((s) => s.parentSpanId === parentId);
  t.equal(request?.name, 'GET /api/v1/homepage/user/point', "the API's request continues the caller's span");
  t.equal(request?.service, 'homepage-api-a', 'OTEL_SERVICE_NAME names the instance');
  const statements = inTrace().filter(isStatement);
  t.equal(statements.length, 1, 'a span per statement');
  const [read] = statements;
  t.match(read?.name, /^SELECT access_tokens token_families members SELECT .*member_points/, `named by its query summary, WITH names left out (${read?.name})`);
  t.equal(read?.attributes['db.query.summary'], read?.name, 'db.query.summary is the name');
  t.notOk('db.operation.name' in (read?.attributes ?? {}), 'several operations: no db.operation.name');
  t.equal(read?.kind, 3, 'a CLIENT span');
  t.notOk(receiver.bodies.join('\n').includes(String(login.body['access_token'])), 'the access token is in no span');

  api.child.kill('SIGTERM');
  await api.exited;
  const lines = api
    .output()
    .split('\n')
    .filter((l) => l.includes('"reqId":"trace-pg-1"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  t.equal(lines.length, 1, 'the one access line (server/access-log.ts)');
  t.ok(lines.every((l) => l['trace_id'] === traceId && typeof l['span_id'] === 'string'), 'it carries the trace and span ids');
});
