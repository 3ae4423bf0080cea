/**
 * The reference API's routes are the operation table's rows (shared/contract/operations.ts,
 * decision 0133). Each route, as it is added, is looked up by method and path: a route the
 * table does not have, or whose schemas, error statuses or guard differ from its row, stops
 * the API at start. The row gives the route its operationId, tag and OpenAPI security, and a
 * member's write its Idempotency-Key (idempotency.ts, decision 0141).
 */
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { HOMEPAGE_PREFIX, operations, type Operation } from '#shared/contract/operations.ts';
import { optionalMember, requireAdmin, requireMember } from './auth/guard.ts';
import { takesIdempotencyKey, withIdempotencyKey } from './idempotency.ts';

type Security = { [scheme: string]: readonly string[] }[];
const BEARER: Security = [{ bearerAuth: [] }];
const BEARER_OPTIONAL: Security = [{ bearerAuth: [] }, {}];

/** The OpenAPI security of a row: none for public and portal rows (`security: []`). */
export function securityOf(op: Operation): Security {
  if (op.access === 'member' || op.access === 'admin') return BEARER;
  return op.token === 'optional' ? BEARER_OPTIONAL : [];
}

function hooksOf(route: RouteOptions): onRequestHookHandler[] {
  const h = route.onRequest;
  if (!h) return [];
  return (Array.isArray(h) ? h : [h]) as onRequestHookHandler[];
}

/** What the route's onRequest guards let through, in the table's words. */
function guardOf(route: RouteOptions): string {
  const hooks = hooksOf(route);
  if (hooks.includes(requireAdmin as onRequestHookHandler)) return 'admin';
  if (hooks.includes(requireMember as onRequestHookHandler)) return 'member';
  return 'public';
}

/**
 * A schema's shape: its fields and which are required. Some bodies are built from the
 * programme's rules (a diary's length), so a route's schema may be another object than the row's.
 */
function shapeOf(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as { properties?: object; required?: readonly string[] };
  return JSON.stringify([Object.keys(s.properties ?? {}).sort(), [...(s.required ?? [])].sort()]);
}

const ROWS = operations as Readonly<Record<string, Operation>>;

/** Registers the check; call before any route is added. */
export function operationTable(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const url = route.url ?? route.path;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${url.startsWith(HOMEPAGE_PREFIX) ? url.slice(HOMEPAGE_PREFIX.length) : url}`;
      const op = ROWS[key];
      if (!op) throw new Error(`${key}: not in the operation table (shared/contract/operations.ts)`);
      const differs = (what: string) => new Error(`${key}: its ${what} differs from the operation table's row`);
      if (shapeOf(schema.params) !== shapeOf(op.params)) throw differs('path parameters schema');
      if (op.query !== undefined && shapeOf(schema.querystring) !== shapeOf(op.query)) throw differs('query schema');
      if (shapeOf(schema.body) !== shapeOf(op.body)) throw differs('body schema');
      const responses = (schema.response ?? {}) as Record<string, unknown>;
      if (responses['200'] !== op.answer) throw differs('answer schema');
      const errors = Object.keys(responses).filter((s) => s !== '200').sort().join();
      if (errors !== [...op.errors].map(String).sort().join()) throw differs(`error statuses (${errors})`);
      const guard = guardOf(route);
      const access = op.access === 'portal' ? 'public' : op.access;
      if (guard !== access) throw differs(`guard (${guard}, the row says ${op.access})`);
      if (op.token === 'optional' && access === 'public' && hooksOf(route).length > 0 && !hooksOf(route).includes(optionalMember as onRequestHookHandler)) {
        throw differs('optional token guard');
      }
      Object.assign(schema, { operationId: op.id, tags: [op.tag], security: securityOf(op) });
      // After the check: the row lists the statuses the operation answers itself, not the key's.
      if (takesIdempotencyKey(method, op)) withIdempotencyKey(route);
    }
  });
}
