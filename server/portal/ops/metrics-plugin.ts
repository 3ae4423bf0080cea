/**
 * Request metrics for every route (by route pattern, never the raw URL) and the
 * Prometheus endpoint: GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT,
 * 127.0.0.1:9464 by default), never on the public port (decision 0021).
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
