/**
 * OpenTelemetry traces for both houses (decision 0128), OFF unless
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set. This module
 * loads nothing of OpenTelemetry: off, the portal and the API run exactly as they did, with no
 * SDK, no hook and no wrapper on their paths. On, `startTracing` loads ./tracing-sdk.ts once per
 * process or worker thread; the embedded API's worker starts its own and is reached, like any
 * other API, through the `traceparent` header of the portal's calls.
 */
import type { FastifyInstance, FastifyRequest, FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import { ConfigError, type Env } from './env.ts';

/** OTLP over HTTP (the collector's port 4318): protobuf, the specification's default, or JSON. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';

export interface TracingSettings {
  protocol: OtlpProtocol;
}

const PROTOCOLS: readonly string[] = ['http/protobuf', 'http/json'] satisfies OtlpProtocol[];

/**
 * The OpenTelemetry variables of the traces, both houses: those read here and those the SDK reads
 * itself (the specification's names). deploy/'s env files may set them (compose.test.ts) and
 * docs/configuration.md's "Traces" table names each (configuration-doc.test.ts).
 */
export const TRACING_ENV = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
  'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
  'OTEL_SDK_DISABLED',
  'OTEL_TRACES_EXPORTER',
  'OTEL_SERVICE_NAME',
  'OTEL_RESOURCE_ATTRIBUTES',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
] as const;

const value = (env: Env, key: string): string | undefined => {
  const v = env[key]?.trim();
  return v === '' ? undefined : v;
};

/**
 * Whether traces are wanted, from the standard variables: an OTLP endpoint set, the SDK not
 * disabled (OTEL_SDK_DISABLED=true) and the traces exporter not `none`. The exporters read the
 * endpoint, headers, timeout and compression themselves; the sampler, batch and limit
 * variables are read by the SDK (tracing-sdk.ts). A protocol or exporter this build cannot
 * honour stops the process (ConfigError), as any other wrong setting does.
 */
export function tracingFromEnv(env: Env): TracingSettings | undefined {
  if (!value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT') && !value(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT')) return undefined;
  if (value(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return undefined;
  const exporters = (value(env, 'OTEL_TRACES_EXPORTER') ?? 'otlp').split(',').map((e) => e.trim());
  if (exporters.includes('none')) return undefined;
  const other = exporters.find((e) => e !== 'otlp');
  if (other !== undefined) throw new ConfigError(`OTEL_TRACES_EXPORTER must be otlp or none, got "${other}"`);
  const protocol = value(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? value(env, 'OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf';
  if (!PROTOCOLS.includes(protocol)) {
    throw new ConfigError(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (OTLP over HTTP, the collector's port 4318), got "${protocol}"`);
  }
  return { protocol: protocol as OtlpProtocol };
}

/** Which process is tracing: its default service name, and how its spans find their parent. */
export interface TracedService {
  /** service.name unless OTEL_SERVICE_NAME says otherwise. */
  name: 'reading-portal' | 'homepage-api';
  /**
   * The embedded API's worker thread: OTEL_SERVICE_NAME names the portal it runs in, so the
   * worker keeps `homepage-api` (OTEL_RESOURCE_ATTRIBUTES still apply to both).
   */
  embedded?: boolean;
  /**
   * The API: its database spans (store/traced.ts) hang from the request span found in the active
   * context (AsyncLocalStorage), as deep as the store is. The portal has no such reader: what
   * needs its request's trace is handed it (`requestTrace`), and no context is kept per request.
   */
  activeContext?: boolean;
}

/** The trace a request is in, as the SDK started it (decision 0128). */
export interface RequestTrace {
  /** The W3C `traceparent` that names the request's span, for the calls made on its behalf. */
  readonly traceparent: string;
  /** The caller's `tracestate`, passed on as it came. */
  readonly tracestate: string | undefined;
  /** `trace_id` and `span_id`, as the request's log lines carry them. */
  readonly logIds: { readonly trace_id: string; readonly span_id: string };
}

/** Where the SDK leaves a request's trace: on the Node request, as soon as its logger is made. */
export const REQUEST_TRACE: unique symbol = Symbol('request trace');

/** Fastify's `childLoggerFactory` option (its type is not exported by name). */
export type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

export type TracedMessage = RawRequestDefaultExpression & { [REQUEST_TRACE]?: RequestTrace };

/** The request's trace, when traces are on and the request is traced (probes are not). */
export function requestTrace(req: FastifyRequest): RequestTrace | undefined {
  return (req.raw as TracedMessage)[REQUEST_TRACE];
}

/** A started tracing SDK, as the apps use it. */
export interface Tracing {
  /**
   * Fastify's `childLoggerFactory`: the request's SERVER span starts as its logger is made
   * (continuing an incoming `traceparent`), and that logger carries the span's ids, so every
   * line written for the request has them (Fastify's own "incoming request" line too).
   */
  readonly childLoggerFactory: ChildLoggerFactory;
  /** Adds the hooks that name and end each request's span (and, in the API, make it active); called first. */
  instrument(app: FastifyInstance): void;
  /** Ends the SDK: what is still buffered is sent first. */
  shutdown(): Promise<void>;
}

/** Starts the SDK when `settings` says traces are wanted; undefined (and nothing loaded) otherwise. */
export async function startTracing(settings: TracingSettings | undefined, service: TracedService): Promise<Tracing | undefined> {
  if (!settings) return undefined;
  const { startSdk } = await import('./tracing-sdk.ts');
  return startSdk(settings, service);
}
