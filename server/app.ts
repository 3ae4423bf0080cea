/**
 * buildApp(config): the whole portal as one Fastify instance. The process entry
 * (main.ts) listens with it; tests build it and use inject() or a free port.
 */
import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { messages } from '../shared/messages.ts';
import { isPageRequestPath } from '../shared/paths.ts';
import { HOME_PATH, isLoginPath, pages, type PageDef } from '../shared/routes.ts';
import type { Config } from './config.ts';
import { createHomepageClient, type HomepageClient } from './homepage/client.ts';
import { loggerOptions } from './logger.ts';
import { healthRoutes } from './plugins/health.ts';
import { inappPlugin } from './plugins/inapp.ts';
import { securityPlugin } from './plugins/security.ts';
import { ssrPlugin } from './plugins/ssr.ts';
import { gatewayRoutes } from './routes/gateway.ts';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildOptions {
  /** Override the logger (tests pass a stream to capture logs, or false). */
  logger?: FastifyServerOptions['logger'];
  /** Use this homepage client instead of one built from config (tests). */
  homepage?: HomepageClient;
  /** Read by /readyz; the process entry flips it when shutting down. */
  lifecycle?: { shuttingDown: boolean };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function wantsJson(req: FastifyRequest): boolean {
  return req.url.startsWith('/api/') || !(req.headers.accept ?? '').includes('text/html');
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  if (!config.homepageApiUrl && !opts.homepage) throw new Error('buildApp needs config.homepageApiUrl');
  const lifecycle = opts.lifecycle ?? { shuttingDown: false };
  const app = Fastify({
    logger: opts.logger ?? loggerOptions({ level: config.logLevel, name: 'portal' }),
    genReqId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    keepAliveTimeout: 72_000,
    requestTimeout: 120_000,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 256 },
  });

  const homepage =
    opts.homepage ?? createHomepageClient({ baseUrl: config.homepageApiUrl ?? '', timeoutMs: config.homepageTimeoutMs });
  app.addHook('onClose', async () => {
    if (!opts.homepage) await homepage.close();
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const https = config.env === 'production' && config.trustProxy;
  await app.register(cookie);
  await app.register(securityPlugin, { dev: config.dev, https });
  await app.register(inappPlugin, { secureCookies: https });
  await app.register(healthRoutes, { homepage, isShuttingDown: () => lifecycle.shuttingDown });
  await app.register(gatewayRoutes, { homepage });
  await app.register(ssrPlugin, {
    root: PROJECT_ROOT,
    dev: config.dev,
    renderTimeoutMs: config.renderTimeoutMs,
    publicConfig: config.public,
    homepage,
  });
  await app.vite.ready();

  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send(messages.error.notFound);

  // Page routes, straight from the one page table.
  for (const page of pages as readonly PageDef[]) {
    const params = page.path.includes(':notice_info_key')
      ? { type: 'object', properties: { notice_info_key: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } } }
      : undefined;
    app.get(page.path, { schema: params ? { params } : {}, attachValidation: true }, async (req, reply) => {
      if (page.testLoginOnly && !config.public.testLogin) return notFound(reply);
      // A page that cannot exist (a malformed id) is treated as not found: home (spec §4).
      if (req.validationError) return reply.redirect(HOME_PATH, 302);
      return app.renderPage(req, reply);
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if ((req.method === 'GET' || req.method === 'HEAD') && isPageRequestPath(path)) {
      // Spec §2: any path containing /login is the login screen; decisions D4: others go home.
      if (isLoginPath(path)) return app.renderPage(req, reply);
      return reply.redirect(HOME_PATH, 302);
    }
    if (path.startsWith('/api/')) return reply.code(404).send({ result: 'error', msg: messages.error.notFound });
    return notFound(reply);
  });

  app.setErrorHandler(async (err: Error & { statusCode?: number; validation?: unknown }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ err: { message: err.message } }, 'request refused');
    if (reply.sent) return;
    const msg = status >= 500 ? messages.error.temporary : messages.error.badRequest;
    if (wantsJson(req)) return reply.code(status).send({ result: 'error', msg });
    return reply.code(status).type('text/plain; charset=utf-8').send(msg);
  });

  return app;
}
