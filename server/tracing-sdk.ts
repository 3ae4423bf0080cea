/**
 * The OpenTelemetry SDK of one process or worker thread, loaded by ./tracing.ts only when
 * traces are wanted (decision 0128). Nothing here patches a module, and nothing wraps Fastify:
 * - a request's SERVER span starts in Fastify's `childLoggerFactory`, where the request's
 *   logger is made: the logger binds the span's ids once, so each of its lines carries them
 *   without a look-up per line; the span is left on the Node request (REQUEST_TRACE);
 * - one `onResponse` hook names it by its route, records the status and ends it;
 * - the portal hands the request's `traceparent` to each homepage call it makes
 *   (homepage/client.ts, through `callFor`), so it keeps no context per request. Measured side
 *   by side, this costs the same as an active context did: +17 µs per gateway call, mostly the
 *   SDK's span and its export (decision 0128, revised);
 * - the API, whose statements are deep in its store, makes the span active for the rest of the
 *   request (AsyncLocalStorage), and its database spans (store/traced.ts) hang from it.
 *
 * What a span may hold: methods, route patterns, paths with their secret segments and secret
 * query values redacted (as the logs have them, server/logger.ts), status codes and SQL text
 * with placeholders. Never headers, cookies, bodies or statement parameters.
 */
import {
  context,
  defaultTextMapGetter,
  diag,
  DiagLogLevel,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, detectResources, envDetector, hostDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyReply, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import pino from 'pino';
import { loggerOptions, redactUrl } from './logger.ts';
import { REQUEST_TRACE, type ChildLoggerFactory, type RequestTrace, type TracedMessage, type TracedService, type Tracing, type TracingSettings } from './tracing.ts';
import { splitUrl } from '#shared/http.ts';

/** A request's trace as the SDK holds it: with its span. */
interface HeldTrace extends RequestTrace {
  readonly span: Span;
}

/** Probes answer many times a minute and say nothing about a member's request. */
function isProbe(url: string): boolean {
  return url.startsWith('/healthz') || url.startsWith('/readyz');
}

/** A URL's redacted path and query (url.path, url.query), as the access log line shows them. */
function redactedParts(url: string): { path: string; query: string | undefined } {
  const redacted = redactUrl(url);
  const { path, query } = splitUrl(redacted);
  return { path, query: redacted.includes('?') ? query : undefined };
}

/** The span's name, path and status, once the request is answered; 5xx is an error (HTTP semantic conventions). */
function endRequestSpan(span: Span, request: FastifyRequest, reply: FastifyReply): void {
  const route = request.routeOptions.url;
  const status = reply.statusCode;
  span.updateName(route ? `${request.method} ${route}` : request.method);
  if (route) span.setAttribute('http.route', route);
  span.setAttribute('http.response.status_code', status);
  const url = request.url;
  if (!url.includes('?') && !url.includes('/sso/')) {
    span.setAttribute('url.path', url);
  } else {
    const { path, query } = redactedParts(url);
    span.setAttribute('url.path', path);
    if (query !== undefined) span.setAttribute('url.query', query);
  }
  if (status >= 500) {
    span.setAttribute('error.type', String(status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
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
  if (service.activeContext) context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer(service.name);
  const w3c = new W3CTraceContextPropagator();

  /** The request's span, started as Fastify makes its logger; undefined for a probe. */
  function startRequestSpan(raw: RawRequestDefaultExpression): HeldTrace | undefined {
    if (isProbe(raw.url ?? '')) return undefined;
    const method = raw.method ?? 'GET';
    // A caller's (or Caddy's) traceparent is continued; an unsampled one is joined, not restarted.
    const parent = raw.headers.traceparent === undefined ? ROOT_CONTEXT : w3c.extract(ROOT_CONTEXT, raw.headers, defaultTextMapGetter);
    const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
    const ids = span.spanContext();
    const held: HeldTrace = {
      span,
      traceparent: `00-${ids.traceId}-${ids.spanId}-${ids.traceFlags & TraceFlags.SAMPLED ? '01' : '00'}`,
      tracestate: ids.traceState?.serialize() || undefined,
      logIds: { trace_id: ids.traceId, span_id: ids.spanId },
    };
    (raw as TracedMessage)[REQUEST_TRACE] = held;
    return held;
  }

  const childLoggerFactory: ChildLoggerFactory = function childLogger(logger, bindings, childOpts, raw) {
    const held = startRequestSpan(raw);
    return logger.child(held ? { ...bindings, ...held.logIds } : bindings, childOpts);
  };

  const heldBy = (request: FastifyRequest): HeldTrace | undefined => (request.raw as TracedMessage & { [REQUEST_TRACE]?: HeldTrace })[REQUEST_TRACE];

  return {
    childLoggerFactory,
    instrument(app) {
      if (service.activeContext) {
        // The rest of the request (body, hooks, handler and the statements it runs) in the span's context.
        app.addHook('onRequest', (request, _reply, done) => {
          const span = heldBy(request)?.span;
          if (span?.isRecording()) context.with(trace.setSpan(ROOT_CONTEXT, span), done);
          else done();
        });
      }
      app.addHook('onResponse', (request, reply, done) => {
        const span = heldBy(request)?.span;
        // An unsampled span records nothing: its name, attributes and end would be thrown away.
        if (span?.isRecording()) endRequestSpan(span, request, reply);
        done();
      });
    },
    shutdown: () => provider.shutdown(),
  };
}
