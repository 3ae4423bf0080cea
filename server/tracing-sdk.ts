/**
 * The OpenTelemetry SDK of one process or worker thread, loaded by ./tracing.ts only when
 * traces are wanted (decision 0128). Nothing here patches a module: Fastify is traced by
 * @fastify/otel's plugin (hooks the app registers first), the portal's undici calls carry the
 * `traceparent` through undici's diagnostics channels, and the API's database by a wrapper of its own
 * (store/traced.ts), so the ESM imports of both houses need no loader hook and no `--import`.
 *
 * What a span may hold: methods, route patterns, paths with their secret segments and secret
 * query values redacted (as the logs have them, server/logger.ts), status codes and SQL text
 * with placeholders. Never headers, cookies, bodies or statement parameters.
 */
import { subscribe } from 'node:diagnostics_channel';
import { context, diag, DiagLogLevel, propagation, trace, TraceFlags, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, detectResources, envDetector, hostDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { loggerOptions, redactUrl } from './logger.ts';
import type { TracedService, Tracing, TracingSettings } from './tracing.ts';

/** Probes answer many times a minute and say nothing about a member's request. */
const UNTRACED_ROUTES = new Set(['/healthz', '/readyz']);

/** A URL's redacted path and query (url.path, url.query), as the access log line shows them. */
function redactedParts(url: string): { path: string; query: string | undefined } {
  const redacted = redactUrl(url);
  const q = redacted.indexOf('?');
  return q < 0 ? { path: redacted, query: undefined } : { path: redacted.slice(0, q), query: redacted.slice(q + 1) };
}

function nameRequestSpan(span: Span, request: FastifyRequest): void {
  const route = request.routeOptions.url;
  span.updateName(route ? `${request.method} ${route}` : request.method);
  // @fastify/otel records request.url as url.path: a query or an SSO path is replaced before the span ends.
  const url = request.url;
  if (!url.includes('?') && !url.includes('/sso/')) return;
  const { path, query } = redactedParts(url);
  span.setAttribute('url.path', path);
  if (query !== undefined) span.setAttribute('url.query', query);
}

/** A fresh object each time: pino merges the line's own fields into it. */
function logIds(): Record<string, string> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const ids = span.spanContext();
  return { trace_id: ids.traceId, span_id: ids.spanId };
}

/** What undici publishes on its diagnostics channels (the parts read here). */
interface UndiciRequest {
  addHeader(name: string, value: string): unknown;
}

/**
 * The W3C `traceparent` (and `tracestate`) of the active span on every undici request made
 * inside a request, through undici's diagnostics channels (no patching): the API's request spans
 * hang from the portal's request span. The calls get no CLIENT span of their own: one cost about
 * as much as the rest of tracing together on a gateway call (decision 0128), and the API's span
 * of each call shows its timing. A request that is not sampled passes its context on all the
 * same (flags 00), so the API does not start traces of its own; a call outside any request
 * carries nothing.
 */
function propagateOnUndici(): void {
  subscribe('undici:request:create', (message) => {
    const span = trace.getSpan(context.active());
    if (!span) return;
    const { request } = message as { request: UndiciRequest };
    const ids = span.spanContext();
    request.addHeader('traceparent', `00-${ids.traceId}-${ids.spanId}-${ids.traceFlags & TraceFlags.SAMPLED ? '01' : '00'}`);
    const state = ids.traceState?.serialize();
    if (state) request.addHeader('tracestate', state);
  });
}

/**
 * The SDK's own complaints (an export that failed: the collector is down or refuses) as warn
 * lines of the process's log, at most one a minute: spans are dropped, requests are not slowed.
 * Only messages: an error's other fields could hold the exporter's headers.
 */
function reportSdkErrors(name: string): void {
  const log = pino(loggerOptions({ level: 'warn', name }));
  let last = 0;
  const warn = (message: string, ...args: unknown[]) => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    const detail = args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : '')).filter(Boolean).join('; ');
    log.warn({ otel: detail ? `${message} ${detail}` : message }, 'traces: the OpenTelemetry SDK reports a problem (spans may be lost; at most one line a minute)');
  };
  const quiet = () => undefined;
  diag.setLogger({ error: warn, warn, info: quiet, debug: quiet, verbose: quiet }, DiagLogLevel.WARN);
}

export function startSdk(settings: TracingSettings, service: TracedService): Tracing {
  reportSdkErrors(service.name === 'reading-portal' ? 'portal' : 'homepage-api');
  let resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': service.name }))
    .merge(detectResources({ detectors: [hostDetector, envDetector] }));
  if (service.embedded) resource = resource.merge(resourceFromAttributes({ 'service.name': service.name }));
  // Endpoint, headers, timeout and compression: OTEL_EXPORTER_OTLP_(TRACES_)* read by the exporter.
  const exporter = settings.protocol === 'http/json' ? new JsonExporter() : new ProtobufExporter();
  // Sampler (OTEL_TRACES_SAMPLER, _ARG; parentbased_always_on by default), batches (OTEL_BSP_*)
  // and span limits (OTEL_SPAN_*) from the environment.
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);

  if (service.httpClient) propagateOnUndici();
  const fastifyOtel = new FastifyOtelInstrumentation({
    // One span per request: none per hook (a dozen per request) nor for the handler. The span
    // made active in the first onRequest hook stays active through body parsing, the handler
    // and the calls it makes (AsyncLocalStorage on Node 24; tracing.test.ts posts a late body).
    instrumentHooks: false,
    instrumentHandler: false,
    ignorePaths: (route) => UNTRACED_ROUTES.has(route.url),
    requestHook: nameRequestSpan,
  });

  return {
    fastifyPlugin: fastifyOtel.plugin(),
    logIds,
    shutdown: () => provider.shutdown(),
  };
}
