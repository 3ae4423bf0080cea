/**
 * The request span of both apps (server/tracing-sdk.ts, decision 0128), on a bare Fastify app
 * built as the portal and the API build theirs: the span starts with the request's logger and
 * ends in one hook, named by its route, with its status; a 5xx is an error, a 4xx is not (HTTP
 * semantic conventions); probes are not traced; and the logger of a request carries its span.
 * The standard sampler variables are honoured (SDK 3 would drop them, decision 0128).
 */
import t, { type Test } from 'tap';
import Fastify from 'fastify';
import { requestTrace, startTracing } from '#server/tracing.ts';
import { startOtlpReceiver } from '#test/fixtures/otlp-receiver.ts';

/**
 * A bare Fastify app traced as the apps are, with these OTel variables set for the test, its log
 * lines kept, and an OTLP/JSON receiver that keeps the spans; all closed when the test ends.
 */
async function tracedApp(t: Test, env: Record<string, string> = {}) {
  const receiver = await startOtlpReceiver({ keep: true });
  t.teardown(() => receiver.close());
  const set = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '50', ...env };
  Object.assign(process.env, set);
  t.teardown(() => {
    for (const key of Object.keys(set)) Reflect.deleteProperty(process.env, key);
  });
  const tracing = await startTracing({ protocol: 'http/json' }, { name: 'reading-portal' });
  if (!tracing) throw new Error('tracing did not start');
  t.teardown(() => tracing.shutdown());
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
    childLoggerFactory: tracing.childLoggerFactory,
  });
  tracing.instrument(app);
  t.teardown(() => app.close());
  return { receiver, app, lines };
}

t.test('a request span is named by its route, carries its status, and a 5xx is an error', async (t) => {
  const { receiver, app, lines } = await tracedApp(t);
  let handed: string | undefined;
  app.get('/boom/:id', async () => {
    throw new Error('broken');
  });
  app.get('/refused', async (_req, reply) => reply.code(404).send({ result: 'error' }));
  app.get('/item/:id', async (req) => {
    handed = requestTrace(req)?.traceparent;
    req.log.info('inside');
    return { ok: true };
  });
  app.get('/healthz', async () => ({ ok: true }));

  t.equal((await app.inject('/boom/7?token=secret')).statusCode, 500);
  t.equal((await app.inject('/refused')).statusCode, 404);
  t.equal((await app.inject('/item/3')).statusCode, 200);
  t.equal((await app.inject('/healthz')).statusCode, 200);
  await receiver.waitFor((spans) => spans.length >= 3);

  const boom = receiver.spans.find((s) => s.name === 'GET /boom/:id');
  t.equal(boom?.kind, 2, 'a SERVER span, named by the route pattern');
  t.equal(boom?.status, 2, 'a 5xx is an error');
  t.equal(boom?.attributes['error.type'], '500');
  t.equal(boom?.attributes['http.response.status_code'], 500);
  t.equal(boom?.attributes['url.path'], '/boom/7');
  t.equal(boom?.attributes['url.query'], 'token=%5BREDACTED%5D', 'a secret query value is redacted');
  const refused = receiver.spans.find((s) => s.name === 'GET /refused');
  t.equal(refused?.status, 0, 'a 4xx is not an error of the server');
  t.notOk('error.type' in (refused?.attributes ?? {}));
  const item = receiver.spans.find((s) => s.name === 'GET /item/:id');
  t.equal(item?.attributes['http.route'], '/item/:id');
  t.equal(handed, `00-${item?.traceId}-${item?.spanId}-01`, "the traceparent handed to the request's calls names its span");
  const inside = lines.find((l) => l['msg'] === 'inside');
  t.equal(inside?.['trace_id'], item?.traceId, "the request's logger carries its trace");
  t.equal(inside?.['span_id'], item?.spanId);
  t.notOk(receiver.spans.some((s) => s.name.includes('healthz')), 'probes are not traced');
  t.notOk(lines.some((l) => l['req'] !== undefined && String((l['req'] as { url?: string }).url).startsWith('/healthz') && 'trace_id' in l), 'nor do their lines carry ids');
});

t.test('the standard sampler variables are honoured: a request not sampled keeps its ids and records nothing', async (t) => {
  // The ratio sampler ops may choose (the bench's informative row records one in ten): at 0 none of
  // our own requests is recorded, but a caller's sampled trace still is (parent-based).
  const { receiver, app, lines } = await tracedApp(t, { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' });
  const handed: Record<string, string | undefined> = {};
  app.get('/item/:id', async (req) => {
    const { id } = req.params as { id: string };
    handed[id] = requestTrace(req)?.traceparent;
    req.log.info({ item: id }, 'inside');
    return { ok: true };
  });

  t.equal((await app.inject('/item/1')).statusCode, 200);
  // A caller that sampled its trace is followed (parent-based): this one is recorded.
  const callerTrace = 'a'.repeat(32);
  t.equal((await app.inject({ url: '/item/2', headers: { traceparent: `00-${callerTrace}-${'b'.repeat(16)}-01` } })).statusCode, 200);
  await receiver.waitFor((spans) => spans.some((s) => s.traceId === callerTrace));

  const unsampled = /^00-([0-9a-f]{32})-([0-9a-f]{16})-00$/.exec(handed['1'] ?? '');
  t.ok(unsampled, `the calls of a request not sampled carry its ids, flagged not sampled (${handed['1']})`);
  const inside = lines.find((l) => l['item'] === '1');
  t.equal(inside?.['trace_id'], unsampled?.[1], 'its log lines carry its trace id all the same');
  t.equal(inside?.['span_id'], unsampled?.[2]);
  t.match(handed['2'], new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`), "a sampled caller's trace is continued and recorded");
  // Exports go in order: the recorded span arrived, so the other would have.
  t.notOk(receiver.spans.some((s) => s.traceId === unsampled?.[1]), 'the request not sampled left no span');
  t.equal(receiver.spans.length, 1);
});
