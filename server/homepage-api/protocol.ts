/**
 * HTTP rules every route of the reference API follows (decision 0106), so the OpenAPI
 * document says exactly what the API accepts:
 * - a known path with a method it does not serve → 405 with `Allow`; unknown paths → 404;
 * - a path parameter longer than MAX_PARAM_LENGTH → 414, a malformed URL → 400, both with
 *   the API's own `{ result, msg }`;
 * - every route validates its query string (none declared: no parameters at all), and
 *   unknown query parameters or body fields are refused (400), not dropped;
 * - a route with path parameters documents 414, a route that validates input documents 400.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { apiMessages } from '#shared/messages-api.ts';
import { messages } from '#shared/messages.ts';
import { errorAnswers } from './errors.ts';

/** The longest path parameter a route declares (an SSO token, 200 characters). */
export const MAX_PARAM_LENGTH = 200;

/** Fastify's own URL errors, answered the API's way. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  req.log.info({ status, code: err.code }, 'request refused');
  void reply.code(status).send({ result: 'error', msg: status === 414 ? apiMessages.validation.pathTooLong : apiMessages.validation.general });
}

interface RoutePattern {
  regex: RegExp;
  methods: string[];
}

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

type Responses = Record<string, unknown>;

/** Adds answers to a route's schema, keeping any the route declares itself. */
export function withResponses(schema: RouteOptions['schema'], add: Record<number, unknown>): void {
  if (!schema) return;
  const responses = (schema.response ?? {}) as Responses;
  for (const [status, answer] of Object.entries(add)) if (!(status in responses)) responses[status] = answer;
  schema.response = responses;
}

/** Registers the rules; call before any route is added. */
export function protocolRules(app: FastifyInstance): void {
  const patterns = new Map<string, RoutePattern>();

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = patterns.get(url) ?? { regex: patternOf(url), methods: [] };
    known.methods.push(...methods);
    patterns.set(url, known);

    const schema = route.schema;
    if (!schema || schema.hide) return;
    if (schema.querystring === undefined) schema.querystring = Type.Object({}, { additionalProperties: false });
    else if ((schema.querystring as { additionalProperties?: unknown }).additionalProperties !== false) {
      throw new Error(`${url}: its query string schema must refuse unknown parameters (additionalProperties: false)`);
    }
    withResponses(schema, url.includes(':') ? errorAnswers(400, 414) : errorAnswers(400));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    const allowed = new Set<string>();
    for (const p of patterns.values()) if (p.regex.test(path)) for (const m of p.methods) allowed.add(m);
    if (allowed.size > 0) {
      return reply
        .code(405)
        .header('allow', [...allowed].sort().join(', '))
        .send({ result: 'error', msg: apiMessages.validation.methodNotAllowed });
    }
    return reply.code(404).send({ result: 'error', msg: messages.error.notFound });
  });
}
