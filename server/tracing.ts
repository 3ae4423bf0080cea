/**
 * OpenTelemetry traces for both houses (decision 0128), OFF unless
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set. This module
 * loads nothing of OpenTelemetry: off, the portal and the API run exactly as they did, with no
 * SDK, no hook and no wrapper on their paths. On, `startTracing` loads ./tracing-sdk.ts once per
 * process or worker thread; the embedded API's worker starts its own and is reached, like any
 * other API, through the `traceparent` header of the portal's calls.
 */
import type { FastifyPluginCallback } from 'fastify';
import { ConfigError, type Env } from './env.ts';

/** OTLP over HTTP (the collector's port 4318): protobuf, the specification's default, or JSON. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';

export interface TracingSettings {
  protocol: OtlpProtocol;
}

const PROTOCOLS: readonly string[] = ['http/protobuf', 'http/json'] satisfies OtlpProtocol[];

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

/** Which process is tracing: its default service name, and whether it calls the homepage API. */
export interface TracedService {
  /** service.name unless OTEL_SERVICE_NAME says otherwise. */
  name: 'reading-portal' | 'homepage-api';
  /**
   * The embedded API's worker thread: OTEL_SERVICE_NAME names the portal it runs in, so the
   * worker keeps `homepage-api` (OTEL_RESOURCE_ATTRIBUTES still apply to both).
   */
  embedded?: boolean;
  /** The `traceparent` on the undici calls this process makes (the portal's calls to the API). */
  httpClient?: boolean;
}

/** A started tracing SDK, as the apps use it. */
export interface Tracing {
  /** @fastify/otel: a SERVER span per request, continuing an incoming `traceparent`; registered first. */
  readonly fastifyPlugin: FastifyPluginCallback;
  /** pino's `mixin`: the active span's `trace_id` and `span_id` on every line written inside a request. */
  readonly logIds: () => Record<string, string>;
  /** Ends the SDK: what is still buffered is sent first. */
  shutdown(): Promise<void>;
}

/** Starts the SDK when `settings` says traces are wanted; undefined (and nothing loaded) otherwise. */
export async function startTracing(settings: TracingSettings | undefined, service: TracedService): Promise<Tracing | undefined> {
  if (!settings) return undefined;
  const { startSdk } = await import('./tracing-sdk.ts');
  return startSdk(settings, service);
}
