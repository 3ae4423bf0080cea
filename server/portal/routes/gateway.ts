/**
 * `HOMEPAGE_PREFIX/*`: the browser's calls to the homepage API, forwarded through the
 * one homepage client with method, query string and JSON body preserved, and the browser's
 * Idempotency-Key (decision 0141: an invalid one → 400 here; `Idempotent-Replayed` comes
 * back). Other upstream headers (set-cookie above all) are never copied back. Client mistakes are answered
 * here with 4xx (decision 0013): HEAD is answered as GET without a body, and JSON bodies
 * are capped in size and depth before anything is forwarded.
 */
import type { FastifyPluginAsync } from 'fastify';
import { idempotencyKeyOf } from '#shared/contract/idempotency.ts';
import { HOMEPAGE_PREFIX, operationsAt } from '#shared/contract/operations.ts';
import { BUILD_HEADER } from '#shared/http.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER, MEMBER_CHANGED, PORTAL_MEMBER_HEADER } from '#shared/http-writes.ts';
import { messages } from '#shared/messages.ts';
import { serverMessages } from '#shared/messages-server.ts';
import { redactUrl } from '../../logger.ts';
import type { HomepageMethod } from '../homepage/client.ts';
import { forwardForRequest } from '../homepage/for-request.ts';
import type { MemberAuth } from '../auth/member-auth.ts';
import { sameOrigin } from '../auth/same-origin.ts';

export interface GatewayOptions {
  auth: MemberAuth;
  /** The build's name (its entry chunk), sent on every answer (BUILD_HEADER, decision 0145). */
  build?: string;
}

/**
 * Server-to-server calls (sign-in, tokens): never reachable from the browser, whatever the
 * method. The paths of the table's `portal` rows (operationsAt: the row the path is listed under).
 */
const mayForward = (path: string): boolean => !operationsAt(path).some((ref) => ref.row.access === 'portal');

const METHODS: HomepageMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Caps on a JSON body the gateway forwards (decision 0013); the API's own bodies are a few KB. */
const MAX_JSON_BYTES = 256 * 1024;
const MAX_JSON_DEPTH = 32;

/** The deepest nesting of objects and arrays in a JSON text, counted up to `limit + 1` (linear, no recursion). */
function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return max;
}

export const gatewayRoutes: FastifyPluginAsync<GatewayOptions> = async (app, opts) => {
  // This plugin's own JSON parser (encapsulated: the portal's other routes keep the default).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(Object.assign(new Error(`JSON body nested deeper than ${MAX_JSON_DEPTH}`), { statusCode: 400 }), undefined);
      return;
    }
    parseJson(req, text, done);
  });

  app.route({
    method: METHODS,
    url: `${HOMEPAGE_PREFIX}/*`,
    bodyLimit: MAX_JSON_BYTES,
    // Reads refuse cross-site requests; writes also need the portal's own header (CSRF).
    preHandler: sameOrigin((req) => req.method !== 'GET' && req.method !== 'HEAD'),
    schema: {
      // The path is checked by safeHomepageUrl (stricter than a param schema can say);
      // any JSON body is forwarded as is and validated by the homepage API itself.
      params: { type: 'object', properties: { '*': { type: 'string', maxLength: 1024 } } },
    },
    handler: async (req, reply) => {
      // HEAD (Fastify's automatic HEAD route) is asked upstream as GET; Fastify drops the body.
      const method = req.method === 'HEAD' ? 'GET' : (req.method as HomepageMethod);
      // The browser's Idempotency-Key, checked as the API checks it, goes on with the call and its retries.
      const idempotencyKey = idempotencyKeyOf(req.headers[IDEMPOTENCY_HEADER]);
      if (idempotencyKey === null) return reply.code(400).send({ result: 'error', msg: serverMessages.error.idempotencyKeyInvalid });
      // A write kept on the device names its member: never sent on behalf of anyone else (a shared phone, decision 0145).
      const forMember = req.headers[PORTAL_MEMBER_HEADER];
      if (forMember !== undefined) {
        const user = await opts.auth.session(req, reply);
        if (!user) return reply.code(401).send({ result: 'error', msg: messages.session.ended });
        if (user.user_id !== forMember) {
          req.log.info({ gateway: 'member_changed' }, 'a write kept on the device belongs to another member: not sent');
          return reply.code(409).send({ result: 'error', msg: serverMessages.error.memberChanged, code: MEMBER_CHANGED });
        }
      }
      const result = await forwardForRequest(opts.auth, req, reply, { method, rawUrl: req.raw.url ?? '', body: req.body, idempotencyKey, mayForward });
      if (result === 'refused') {
        req.log.warn({ url: redactUrl(req.url) }, 'gateway refused a path outside the homepage API');
        return reply.code(400).send({ result: 'error', msg: serverMessages.error.forbiddenPath });
      }
      reply.header('cache-control', 'no-store');
      if (opts.build) reply.header(BUILD_HEADER, opts.build);
      if (!result.ok) return reply.code(result.status).send({ result: 'error', msg: messages.error.temporary });
      // The API says when to come back (its database away: 503; a member writing too fast: 429).
      if (result.retryAfter) reply.header('retry-after', result.retryAfter);
      // A repeat of an Idempotency-Key: the first answer again, and the browser is told so.
      if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      // The API's own JSON, checked by the client, forwarded without being written again.
      if (result.raw !== undefined) return reply.code(result.status).type('application/json; charset=utf-8').send(result.raw);
      return reply.code(result.status).send(result.body);
    },
  });
};
