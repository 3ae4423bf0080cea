/**
 * The OpenTelemetry SDK of one process or worker thread, loaded by ./tracing.ts only when
 * traces are wanted (decision 0128). Nothing here patches a module: Fastify is traced by
 * @fastify/otel's plugin (hooks the app registers first), undici through its diagnostics
 * channels, and the reference API's database by a wrapper of its own (store/traced.ts), so the
 * ESM imports of both houses need no loader hook and no `--import`.
 *
 * What a span may hold: methods, route patterns, paths with their secret segments and secret
 * query values redacted (as the logs have them, server/logger.ts), status codes and SQL text
 * with placeholders. Never headers, cookies, bodies or statement parameters.
 */
import { context, propagation, trace, TraceFlags, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { defaultResource, detectResources, envDetector, hostDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { FastifyRequest } from 'fastify';
import { redactUrl } from './logger.ts';
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
  // @fastify/otel records request.url (query included) as url.path: replaced before the span ends.
  const { path, query } = redactedParts(request.url);
  span.setAttribute('url.path', path);
  if (query !== undefined) span.setAttribute('url.query', query);
}

/** A fresh object each time: pino merges the line's own fields into it. */
function logIds(): Record<string, string> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const ids = span.spanContext();
  return { trace_id: ids.traceId, span_id: ids.spanId, trace_flags: ids.traceFlags & TraceFlags.SAMPLED ? '01' : '00' };
}

export function startSdk(settings: TracingSettings, service: TracedService): Tracing {
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

  if (service.httpClient) {
    new UndiciInstrumentation({
      // A call outside any request (none today) starts no trace of its own.
      requireParentforSpans: true,
      // Set before the span starts: the raw path (an SSO token, a query) never reaches it.
      startSpanHook: (request) => {
        const { path, query } = redactedParts(request.path);
        return { 'url.full': `${request.origin}${path}`, 'url.path': path, 'url.query': query ?? '' };
      },
    });
  }
  const fastifyOtel = new FastifyOtelInstrumentation({
    // One span for the request and one for its handler; none per hook (a dozen per request).
    instrumentHooks: false,
    ignorePaths: (route) => UNTRACED_ROUTES.has(route.url),
    requestHook: nameRequestSpan,
    // The handler's span (it keeps the request's context through body parsing and async hooks):
    // named by the route, not by the chain of plugins an anonymous handler was registered in.
    lifecycleHook: (span, info) => {
      const name = `${info.hookName} ${info.request.routeOptions.url ?? ''}`;
      span.updateName(name);
      span.setAttribute('hook.name', name);
    },
  });

  return {
    fastifyPlugin: fastifyOtel.plugin(),
    logIds,
    shutdown: () => provider.shutdown(),
  };
}
