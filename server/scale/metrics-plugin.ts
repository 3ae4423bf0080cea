/**
 * Request metrics for every route (by route pattern, never the raw URL) and the
 * Prometheus endpoint: GET /metrics on the public port, or, with METRICS_PORT, on a
 * listener of its own (then not on the public port).
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { PortalMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

export interface MetricsPluginOptions {
  metrics: PortalMetrics;
  /** GET /metrics on this app (false when METRICS_PORT gives it a listener of its own). */
  exposeRoute: boolean;
}

async function answer(metrics: PortalMetrics, reply: FastifyReply): Promise<FastifyReply> {
  const body = await metrics.registry.metrics();
  return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
}

export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, opts) => {
    const { metrics } = opts;
    app.decorate('metrics', metrics);
    metrics.trackConnections(app.server);
    app.addHook('onResponse', (req, reply, done) => {
      metrics.request(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    if (opts.exposeRoute) app.get('/metrics', { logLevel: 'warn' }, (_req, reply) => answer(metrics, reply));
  },
  { name: 'portal-metrics' },
);

/** The METRICS_PORT listener: GET /metrics only. */
export async function startMetricsServer(metrics: PortalMetrics, listen: { host: string; port: number }): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', (_req, reply) => answer(metrics, reply));
  await server.listen(listen);
  return server;
}
