/**
 * /healthz: the process is up. /readyz: it can serve pages — not shutting down and the
 * homepage API answers (checked at most every 5 s, 2 s budget).
 */
import { operationPath } from '#shared/contract/operations.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { HomepageClient } from '../homepage/client.ts';
import { callFor } from '../homepage/for-request.ts';

export interface HealthOptions {
  homepage: HomepageClient;
  isShuttingDown(): boolean;
}

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, opts) => {
  let last: { at: number; ok: boolean } | undefined;

  async function upstreamOk(req: FastifyRequest): Promise<boolean> {
    if (last && Date.now() - last.at < 5_000) return last.ok;
    const result = await Promise.race([
      opts.homepage.call({
        ...operationPath('GET /board/notice'),
        query: 'notice_type=1&display_yn=Y',
        ...callFor(req),
      }),
      new Promise<{ ok: false }>((resolve) => setTimeout(() => resolve({ ok: false }), 2_000).unref()),
    ]);
    last = { at: Date.now(), ok: result.ok };
    return result.ok;
  }

  const noLog = { logLevel: 'warn' as const };
  app.get('/healthz', noLog, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', noLog, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (opts.isShuttingDown()) return reply.code(503).send({ status: 'shutting-down' });
    const ok = await upstreamOk(req);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'homepage-api-unavailable' });
  });
};
