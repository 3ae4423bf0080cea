/**
 * The reference homepage API as its own Fastify app. It talks to nothing of the
 * portal: the portal reaches it only over HTTP (decisions D1).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { messages } from '../../shared/messages.ts';
import { openDatabase, type Database } from './store/db.ts';
import { seed } from './seed/index.ts';
import { boardRoutes } from './routes/board.ts';

export interface HomepageApiOptions {
  /** SQLite file path, or ':memory:' for throwaway tests. */
  dbFile: string;
  /** Seed realistic data at start (idempotent). */
  seed?: boolean;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export async function buildHomepageApi(opts: HomepageApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    requestIdHeader: 'x-request-id',
    requestIdLogLabel: 'reqId',
    bodyLimit: 256 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const db = openDatabase(opts.dbFile);
  if (opts.seed ?? true) seed(db);
  app.decorate('db', db);
  app.addHook('onClose', () => {
    db.close();
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: unknown; validationContext?: string }, req, reply) => {
    if (err.validation) {
      req.log.info({ validation: err.validation, context: err.validationContext }, 'request validation failed');
      return reply.code(400).send({ result: 'error', msg: messages.error.badRequest });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ err: { message: err.message, code: err.code } }, 'request refused');
    return reply
      .code(status)
      .send({ result: 'error', msg: status >= 500 ? messages.error.temporary : messages.error.badRequest });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ result: 'error', msg: messages.error.notFound }));

  app.get('/healthz', () => ({ status: 'ok' }));
  await app.register(boardRoutes, { prefix: '/api/v1/homepage/board' });
  return app;
}
