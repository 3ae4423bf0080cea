/**
 * OpenTelemetry traces (decision 0128), on the real process: the portal with its embedded API
 * (a worker thread with an SDK of its own), OTEL_EXPORTER_OTLP_ENDPOINT pointing at an
 * in-process OTLP/JSON receiver. One member page is one trace holding the portal's request, the
 * API's request for each of its calls and their database statements, all linked; a
 * `traceparent` sent by the client (or Caddy) is continued; the log lines of both carry the
 * trace and span ids; no token, cookie or secret reaches a span.
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { ConfigError } from '#server/env.ts';
import { tracingFromEnv } from '#server/tracing.ts';
import { startOtlpReceiver, type ReceivedSpan } from '#test/fixtures/otlp-receiver.ts';
import { startPortalProcess } from '#test/fixtures/process.ts';
import { MEMBER_PASSWORD, READER01, loginOf } from '#test/fixtures/members.ts';

const SERVER = 2;
const CLIENT = 3;
const SSO_TOKEN = 'sso-test-reader01-2026';
const SSO_KEY = 'UK7F3A9C21D4E8';

const isPortalRequest = (s: ReceivedSpan) => s.service === 'reading-portal' && s.kind === SERVER;
const isApiRequest = (s: ReceivedSpan) => s.service === 'homepage-api' && s.kind === SERVER;
const isStatement = (s: ReceivedSpan) => s.service === 'homepage-api' && s.kind === CLIENT && s.attributes['db.system.name'] === 'sqlite' && typeof s.attributes['db.query.text'] === 'string';

/** Every span reaches `rootId` through its parents: one connected trace, no broken link. */
function unlinked(trace: ReceivedSpan[], rootId: string): ReceivedSpan[] {
  const byId = new Map(trace.map((s) => [s.spanId, s]));
  return trace.filter((s) => {
    let at: ReceivedSpan | undefined = s;
    for (let hops = 0; at && hops < 50; hops++) {
      if (at.spanId === rootId || at.parentSpanId === rootId) return false;
      at = byId.get(at.parentSpanId);
    }
    return true;
  });
}

/**
 * The trace `traceId` as exported, once it is whole: the portal's request span, at least
 * `calls` API request spans (one per call the portal made: their log lines say how many),
 * statements, and every span linked to `rootId` (the portal's request, or the caller's span it
 * continues). Both processes export in batches.
 */
function wholeTrace(spans: ReceivedSpan[], traceId: string, rootId: (trace: ReceivedSpan[]) => string | undefined, calls = 1): boolean {
  const trace = spans.filter((s) => s.traceId === traceId);
  const root = rootId(trace);
  return root !== undefined && trace.some(isPortalRequest) && trace.filter(isApiRequest).length >= calls && trace.some(isStatement) && unlinked(trace, root).length === 0;
}

const portalRoot = (trace: ReceivedSpan[]) => trace.find((s) => isPortalRequest(s) && s.parentSpanId === '')?.spanId;

t.test('tracingFromEnv: off unless an OTLP endpoint is set; the standard switches; HTTP protocols only', async (t) => {
  const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
  t.equal(tracingFromEnv({}), undefined, 'off by default');
  t.equal(tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }), undefined, 'an empty value is unset (compose passes it through empty)');
  t.same(tracingFromEnv(endpoint), { protocol: 'http/protobuf' }, 'OTLP/HTTP protobuf by default');
  t.same(tracingFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }), { protocol: 'http/protobuf' });
  t.same(tracingFromEnv({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }), { protocol: 'http/json' });
  t.same(tracingFromEnv({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }), { protocol: 'http/protobuf' }, 'the traces variable wins');
  t.equal(tracingFromEnv({ ...endpoint, OTEL_SDK_DISABLED: 'true' }), undefined);
  t.equal(tracingFromEnv({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }), undefined);
  t.throws(() => tracingFromEnv({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }), ConfigError);
  t.throws(() => tracingFromEnv({ ...endpoint, OTEL_TRACES_EXPORTER: 'zipkin' }), ConfigError);
});

t.test('the real process with traces on', async (t) => {
  const receiver = await startOtlpReceiver({ keep: true });
  t.teardown(() => receiver.close());
  const portal = await startPortalProcess({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // Batches go out every 100 ms instead of 5 s: the test waits for spans, not for a timer.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    TEST_LOGIN: 'Y',
  });
  t.teardown(() => portal.stop());
  const { url } = portal;

  // A body that comes after the headers is read in the socket's events, outside the request's
  // span: the call the sign-in makes must still be in its trace. Sent in a later packet.
  const signInTrace = randomBytes(16).toString('hex');
  const credentials = new TextEncoder().encode(JSON.stringify(loginOf(READER01)));
  const signIn = await fetch(`${url}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-portal-request': '1', origin: url, traceparent: `00-${signInTrace}-${randomBytes(8).toString('hex')}-01` },
    body: new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        controller.enqueue(credentials);
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  t.equal(signIn.status, 200, 'reader01 signs in');
  const cookies = signIn.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const cookie = cookies.join('; ');
  await receiver.waitFor((spans) => spans.some((s) => s.traceId === signInTrace && isApiRequest(s) && s.name === 'POST /api/v1/homepage/auth/login'));
  t.pass("a posted form's upstream call stays in its trace");
  // The sign-in issues its tokens in a transaction (a member page's reads need none, decision 0137):
  // its statements are the transaction span's children.
  await receiver.waitFor((spans) => {
    const tx = spans.find((s) => s.traceId === signInTrace && s.name === 'transaction' && s.service === 'homepage-api');
    return tx !== undefined && spans.some((s) => s.parentSpanId === tx.spanId && isStatement(s));
  });
  t.pass('a transaction span holds its statements');

  await t.test('one member page gives one trace with portal, API and database spans; ids in every line', async (t) => {
    // A browser that runs the portal's script: the page streams.
    const page = await fetch(`${url}/mypage/mypage`, { headers: { cookie: `${cookie}; portal_js=1`, accept: 'text/html' } });
    t.equal(page.status, 200);
    await page.text();
    const reqId = page.headers.get('x-request-id') ?? '';
    const line = await portal.waitForLine((l) => l['name'] === 'portal' && l['reqId'] === reqId && l['msg'] === 'request completed');
    const traceId = String(line['trace_id']);
    t.match(traceId, /^[0-9a-f]{32}$/, "the portal's line carries the trace id");
    t.match(line['span_id'], /^[0-9a-f]{16}$/, 'and a span id');

    // Each of the page's calls is an API request, answered with a line carrying the page's request
    // id (the portal sends it upstream). The worker writes lines and exports spans on its own:
    // wait for as many spans as lines, then as many lines as spans.
    const apiAnswer = (l: Record<string, unknown>) => l['name'] === 'homepage-api' && l['reqId'] === reqId && l['msg'] === 'request completed';
    await portal.waitForLine(() => portal.lines.filter(apiAnswer).length >= 3);
    await receiver.waitFor((spans) => wholeTrace(spans, traceId, portalRoot, portal.lines.filter(apiAnswer).length));
    const apiRequests = receiver.spans.filter((s) => s.traceId === traceId && isApiRequest(s));
    await portal.waitForLine(() => portal.lines.filter(apiAnswer).length >= apiRequests.length);
    t.equal(apiRequests.length, portal.lines.filter(apiAnswer).length, `one API request span per call (${apiRequests.length})`);
    const trace = receiver.spans.filter((s) => s.traceId === traceId);
    const roots = trace.filter((s) => s.parentSpanId === '');
    t.equal(roots.length, 1, 'one root');
    const root = roots[0] as ReceivedSpan;
    t.ok(isPortalRequest(root), "the root is the portal's request");
    t.equal(root.name, 'GET /mypage/mypage', 'named by its route');
    t.equal(root.attributes['http.response.status_code'], 200);
    t.same(unlinked(trace, root.spanId), [], 'every span hangs from the root');

    t.ok(apiRequests.every((s) => s.parentSpanId === root.spanId), "each API request continues the portal's request (traceparent across the worker thread)");
    t.ok(apiRequests.some((s) => s.name === 'GET /api/v1/homepage/user/point'), 'the points summary is among them');
    const statements = trace.filter(isStatement);
    t.ok(statements.length >= apiRequests.length, `database spans (${statements.length})`);
    t.ok(statements.every((s) => ![READER01.id, MEMBER_PASSWORD].some((v) => String(s.attributes['db.query.text']).includes(v))), 'statements hold placeholders, never values');

    // The API's lines for this page (the portal sends its request id upstream) carry the same trace.
    const spanIds = new Set(trace.map((s) => s.spanId));
    t.ok(spanIds.has(String(line['span_id'])), "the portal line's span is in the trace");
    const apiLines = portal.lines.filter((l) => l['name'] === 'homepage-api' && l['reqId'] === reqId);
    t.ok(apiLines.some((l) => l['msg'] === 'request completed'), 'the API lines too');
    t.notOk(apiLines.some((l) => l['msg'] === 'incoming request'), 'one line per API request (server/access-log.ts)');
    t.same(apiLines.filter((l) => l['trace_id'] !== traceId || !spanIds.has(String(l['span_id']))), [], "every API line of the page carries the page's trace and one of its spans");
  });

  await t.test('a traceparent from the client or Caddy is continued through the gateway', async (t) => {
    // First a caller that did not sample its trace: nothing is recorded, in either process.
    const unsampled = randomBytes(16).toString('hex');
    const skipped = await fetch(`${url}/api/v1/homepage/user/point`, {
      headers: { cookie, accept: 'application/json', traceparent: `00-${unsampled}-${randomBytes(8).toString('hex')}-00` },
    });
    t.equal(skipped.status, 200);
    await skipped.text();
    const skippedLine = await portal.waitForLine((l) => l['name'] === 'homepage-api' && l['reqId'] === skipped.headers.get('x-request-id') && l['msg'] === 'request completed');
    t.equal(skippedLine['trace_id'], unsampled, "the API's line carries the caller's trace id: it joined the unsampled trace, it did not start one");

    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const res = await fetch(`${url}/api/v1/homepage/user/point`, {
      headers: { cookie, accept: 'application/json', traceparent: `00-${traceId}-${parentId}-01` },
    });
    t.equal(res.status, 200);
    await res.text();
    await receiver.waitFor((spans) => wholeTrace(spans, traceId, () => parentId));
    const trace = receiver.spans.filter((s) => s.traceId === traceId);
    const request = trace.find(isPortalRequest);
    t.equal(request?.parentSpanId, parentId, "the portal's span is a child of the caller's");
    t.equal(request?.name, 'GET /api/v1/homepage/*');
    t.equal(request?.attributes['url.path'], '/api/v1/homepage/user/point');
    t.same(unlinked(trace, parentId), [], "API and database spans hang from the caller's span");
    const line = await portal.waitForLine((l) => l['name'] === 'portal' && l['reqId'] === res.headers.get('x-request-id') && l['msg'] === 'request completed');
    t.equal(line['trace_id'], traceId, 'the access line carries the continued trace');
    // Both processes export in order: the sampled trace arrived, so would the unsampled one have.
    t.notOk(receiver.spans.some((s) => s.traceId === unsampled), 'the unsampled call left no span in either process');
  });

  await t.test('no token, cookie or secret in any span', async (t) => {
    const sso = await fetch(`${url}/sso/sso?userid=reader01&key=${SSO_KEY}&token=${SSO_TOKEN}`, { redirect: 'manual', headers: { 'sec-fetch-site': 'none' } });
    t.equal(sso.status, 302, 'the test sign-on (its token travels in the API path)');
    const issued = sso.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=')[1] ?? '');
    const ssoCall = (s: ReceivedSpan) => isApiRequest(s) && s.attributes['http.route'] === '/api/v1/homepage/auth/sso/:token';
    const ssoPage = (s: ReceivedSpan) => isPortalRequest(s) && s.attributes['http.route'] === '/sso/sso';
    await receiver.waitFor((spans) => spans.some(ssoCall) && spans.some(ssoPage));
    t.equal(receiver.spans.find(ssoCall)?.attributes['url.path'], '/api/v1/homepage/auth/sso/[REDACTED]', "the API's span has the token redacted from the path");
    t.equal(receiver.spans.find(ssoCall)?.attributes['url.query'], 'userid=reader01&key=%5BREDACTED%5D', 'and the key from the query');
    t.equal(receiver.spans.find(ssoPage)?.attributes['url.query'], `userid=reader01&key=%5BREDACTED%5D&token=%5BREDACTED%5D`, "the portal's span has them redacted from the query");
    const exported = receiver.bodies.join('\n');
    const secrets = [SSO_TOKEN, SSO_KEY, MEMBER_PASSWORD, ...cookies.map((c) => c.split('=')[1] ?? ''), ...issued].filter((s) => s.length >= 8);
    for (const [i, secret] of secrets.entries()) t.notOk(exported.includes(secret), `secret ${i + 1} of ${secrets.length} (SSO token and key, password, cookies) is in no span`);
    t.notOk(/authorization|cookie|bearer/i.test(exported), 'no header of the request is recorded');
  });
});

t.test('a collector that is down costs spans, not answers: one warn line', async (t) => {
  const closed = await startOtlpReceiver();
  await closed.close();
  const portal = await startPortalProcess({ OTEL_EXPORTER_OTLP_ENDPOINT: closed.url, OTEL_BSP_SCHEDULE_DELAY: '100' });
  t.teardown(() => portal.stop());
  const res = await fetch(`${portal.url}/main/homemain`, { headers: { accept: 'text/html' } });
  t.equal(res.status, 200, 'the page is served');
  await res.text();
  const line = await portal.waitForLine((l) => l['name'] === 'portal' && typeof l['otel'] === 'string');
  t.equal(line['level'], 'warn');
  t.match(line['otel'], /ECONNREFUSED/, 'saying why');
});
