/**
 * `/api/v1/homepage/*`: the browser's calls to the homepage API, forwarded through the
 * one homepage client with method, query string and JSON body preserved. Upstream
 * headers (set-cookie above all) are never copied back.
 */
import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.ts';
import { safeHomepageUrl } from '../homepage/paths.ts';
import { redactUrl } from '../logger.ts';
import type { HomepageMethod } from '../homepage/client.ts';
import type { MemberAuth } from '../auth/member-auth.ts';
import { sameOrigin } from '../auth/same-origin.ts';

export interface GatewayOptions {
  auth: MemberAuth;
}

/** Server-to-server calls (sign-in, tokens): never reachable from the browser. */
const PORTAL_ONLY = /^\/api\/v1\/homepage\/auth(?:\/|$)/;

const METHODS: HomepageMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const gatewayRoutes: FastifyPluginAsync<GatewayOptions> = async (app, opts) => {
  app.route({
    method: METHODS,
    url: '/api/v1/homepage/*',
    bodyLimit: 1024 * 1024,
    // Reads refuse cross-site requests; writes also need the portal's own header (CSRF).
    preHandler: sameOrigin((req) => req.method !== 'GET' && req.method !== 'HEAD'),
    schema: {
      // The path is checked by safeHomepageUrl (stricter than a param schema can say);
      // any JSON body is forwarded as is and validated by the homepage API itself.
      params: { type: 'object', properties: { '*': { type: 'string', maxLength: 1024 } } },
    },
    handler: async (req, reply) => {
      const target = safeHomepageUrl(req.raw.url ?? '');
      if (!target || PORTAL_ONLY.test(target.path)) {
        req.log.warn({ url: redactUrl(req.url) }, 'gateway refused a path outside the homepage API');
        return reply.code(400).send({ result: 'error', msg: messages.error.forbiddenPath });
      }
      const result = await opts.auth.call(req, reply, {
        method: req.method as HomepageMethod,
        path: target.path,
        query: target.query,
        body: req.body,
      });
      reply.header('cache-control', 'no-store');
      if (!result.ok) return reply.code(result.status).send({ result: 'error', msg: messages.error.temporary });
      return reply.code(result.status).send(result.body);
    },
  });
};
