/**
 * Overload protection (@fastify/under-pressure, decision 0022): while the event loop
 * lags or the heap nears V8's limit, requests are answered 503 at once, with
 * Retry-After and the Korean temporary message, instead of queueing until they time
 * out. Health, readiness and metrics keep answering, so the proxy and Prometheus
 * still see the instance; so do the build's files (/assets/): a page whose HTML was already
 * sent must get its scripts, or it is stranded half-working (issue 38, decision 0147). They are
 * precompressed files read from disk, no render.
 */
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { messages } from '#shared/messages.ts';
import type { OverloadConfig } from '../config.ts';
import type { PortalMetrics } from './metrics.ts';
import { wantsJson } from '../wants-json.ts';

const EXEMPT = new Set(['/healthz', '/readyz', '/metrics']);
const ASSETS = '/assets/';

type PressureHandler = NonNullable<underPressure.FastifyUnderPressureOptions['pressureHandler']>;

export async function overloadProtection(app: FastifyInstance, config: OverloadConfig, metrics: PortalMetrics): Promise<void> {
  /** The answer under pressure; undefined lets the request through (health, readiness, metrics). */
  function refuse(req: FastifyRequest, reply: FastifyReply, type: string): unknown {
    if (EXEMPT.has(req.routeOptions.url ?? '') || req.url.startsWith(ASSETS)) return undefined;
    metrics.overloaded(type);
    reply.code(503).header('retry-after', String(config.retryAfterS)).header('cache-control', 'no-store');
    if (wantsJson(req)) return { result: 'error', msg: messages.error.temporary };
    reply.type('text/plain; charset=utf-8');
    return messages.error.temporary;
  }

  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.maxHeapPercent > 0 ? Math.floor((getHeapStatistics().heap_size_limit * config.maxHeapPercent) / 100) : 0,
    retryAfter: config.retryAfterS,
    // under-pressure sends what the handler returns (its types only admit void).
    pressureHandler: refuse as PressureHandler,
  });
}
