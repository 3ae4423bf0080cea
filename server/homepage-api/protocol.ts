/**
 * HTTP rules every route of the reference API follows (decision 0106), so the OpenAPI
 * document says exactly what the API accepts:
 * - a known path with a method it does not serve → 405 with `Allow`; unknown paths → 404;
 * - a path parameter longer than MAX_PARAM_LENGTH → 414, a malformed URL → 400, both with
 *   the API's own `{ result, msg }`;
 * - every route validates its query string (none declared: no parameters at all), and
 *   unknown query parameters or body fields are refused (400), not dropped;
 * - the rows of the operation table list 400 and 414 themselves (operation-table.ts checks them).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { apiMessages } from '#shared/messages-api.ts';
import { messages } from '#shared/messages.ts';
import { operationsAt } from '#shared/contract/operations.ts';
import { pathOfUrl } from '#shared/http.ts';

/** The longest path parameter a route declares (an SSO token, 200 characters). */
export const MAX_PARAM_LENGTH = 200;

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** The JSON types a schema allows (its `type`, or its `anyOf` members'); empty: any. */
function typesOf(schema: unknown): Set<JsonType> {
  if (typeof schema !== 'object' || schema === null) return new Set();
  const s = schema as { type?: JsonType | JsonType[]; anyOf?: unknown[]; const?: unknown };
  if (s.type !== undefined) return new Set(Array.isArray(s.type) ? s.type : [s.type]);
  if (Array.isArray(s.anyOf)) {
    const all = s.anyOf.map(typesOf);
    return all.some((t) => t.size === 0) ? new Set() : new Set(all.flatMap((t) => [...t]));
  }
  return new Set();
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/** The path of the first value in a body whose JSON type its schema does not allow, or undefined. */
function mistypedAt(schema: unknown, value: unknown, path: string): string | undefined {
  const allowed = typesOf(schema);
  const actual = jsonTypeOf(value);
  if (allowed.size > 0 && !allowed.has(actual) && !(actual === 'number' && allowed.has('integer'))) return path;
  const s = schema as { properties?: Record<string, unknown>; items?: unknown };
  if (actual === 'object' && s.properties) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const found = k in s.properties ? mistypedAt(s.properties[k], v, `${path}/${k}`) : undefined;
      if (found !== undefined) return found;
    }
  }
  if (actual === 'array' && s.items) {
    for (const [i, v] of (value as unknown[]).entries()) {
      const found = mistypedAt(s.items, v, `${path}/${i}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * preValidation of every body: a JSON value of another type than its schema says is refused
 * (400), never coerced (`{"refresh_token": false}` is not the string "false"). Query strings
 * and path parameters are text, and keep their coercion to numbers.
 */
export async function strictBodyTypes(req: FastifyRequest): Promise<void> {
  const schema = req.routeOptions.schema?.body;
  if (schema === undefined || req.body === undefined) return;
  const at = mistypedAt(schema, req.body, '');
  if (at === undefined) return;
  throw Object.assign(new Error('body value of another type'), {
    statusCode: 400,
    validation: [{ keyword: 'type', instancePath: at, params: {} }],
    validationContext: 'body',
  });
}

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

/**
 * A method the document does not list for a path: 405 with an `Allow` that lists exactly the
 * documented methods (and HEAD with GET) of the row the path is listed under (operationsAt), or of the API's own
 * routes (health, metrics, the document); any other path: 404.
 */
function allowedMethods(path: string, own: ReadonlyMap<string, RoutePattern>): string[] {
  // HEAD goes with GET: Fastify answers it (a GET without its body).
  const documented = operationsAt(path).flatMap((ref) => (ref.method === 'GET' ? ['GET', 'HEAD'] : [ref.method]));
  if (documented.length > 0) return documented.sort();
  const allowed = new Set<string>();
  for (const p of own.values()) if (p.regex.test(path)) for (const m of p.methods) allowed.add(m);
  return [...allowed].sort();
}

/** Registers the rules; call before any route is added. */
export function protocolRules(app: FastifyInstance): void {
  /** The API's own routes outside the operation table (hidden from the document). */
  const own = new Map<string, RoutePattern>();

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const schema = route.schema;
    if (!schema || schema.hide) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const known = own.get(url) ?? { regex: patternOf(url), methods: [] };
      known.methods.push(...methods);
      own.set(url, known);
      return;
    }
    if ((schema.querystring as { additionalProperties?: unknown } | undefined)?.additionalProperties !== false) {
      throw new Error(`${url}: its query string schema must refuse unknown parameters (additionalProperties: false)`);
    }
  });

  /** 405 with Allow when the path is known, else undefined. */
  const refuseMethod = (req: FastifyRequest, reply: FastifyReply) => {
    const allowed = allowedMethods(pathOfUrl(req.url), own);
    if (allowed.length === 0) return undefined;
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send({ result: 'error', msg: apiMessages.validation.methodNotAllowed });
  };
  // Before any body is read: a method with a body (QUERY) must not be refused for its body first.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.is404 && refuseMethod(req, reply)) return;
    done();
  });
  app.setNotFoundHandler((req, reply) => refuseMethod(req, reply) ?? reply.code(404).send({ result: 'error', msg: messages.error.notFound }));
}
