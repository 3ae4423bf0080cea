/**
 * The registrar of the reference API (decision 0149): each row of the operation table
 * (shared/contract/operations.ts, decision 0133) becomes its route here, with everything
 * the row says — method, path, schemas, guard (from `access`), error statuses (all listed
 * on the row, 400 and 414 included), tag, operationId, OpenAPI security and, on a member's
 * write, the Idempotency-Key (idempotency.ts, decision 0141). The route files give only
 * their handlers, in a map typed by operationId: a missing or extra handler is a type
 * error, and `registerOperations` refuses to start when a row has no handler or a handler
 * no row (for what the types cannot see).
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { HOMEPAGE_PREFIX, operations, splitKey, type Operation, type OperationKey } from '#shared/contract/operations.ts';
import { optionalMember, requireAdmin, requireMember, type TokenJoin } from './auth/guard.ts';
import { errorAnswers } from './errors.ts';
import { takesIdempotencyKey, withIdempotencyKey } from './idempotency.ts';
import { strictBodyTypes } from './protocol.ts';

type Ops = typeof operations;
/** The operationIds of the table. */
export type OperationId = Ops[OperationKey]['id'];
type KeyOf<I extends OperationId> = { [K in OperationKey]: Ops[K]['id'] extends I ? K : never }[OperationKey];
type RowOf<I extends OperationId> = Ops[KeyOf<I>];
type Part<R, F extends string, D> = R extends { readonly [P in F]: infer S extends TSchema } ? Static<S> : D;

/** The request a row's handler gets: its params, query and body as the row's schemas say. */
export type RequestOf<I extends OperationId> = FastifyRequest<{
  Params: Part<RowOf<I>, 'params', Record<string, never>>;
  Querystring: Part<RowOf<I>, 'query', Record<string, never>>;
  Body: Part<RowOf<I>, 'body', unknown>;
}>;
/** What a row's handler answers (200): the row's answer schema. */
export type AnswerOf<I extends OperationId> = Static<RowOf<I>['answer']>;

/** A row's handler and what is truly the route's own. */
export interface Handler<I extends OperationId> {
  /** The document's summary (some say the rules in force: the programme's, or the environment's). */
  readonly summary: string;
  readonly handle: (req: RequestOf<I>) => AnswerOf<I> | Promise<AnswerOf<I>>;
  /** The body schema when the running API's rules build it (a review's length): the row's shape, other limits. */
  readonly body?: TSchema;
  /** The route's own message for a field that fails validation (a business rule the schema states). */
  readonly fieldMessages?: Readonly<Record<string, string>>;
  readonly preValidation?: preValidationHookHandler;
  /** The handler's read joined to the token check, one statement on PostgreSQL (decision 0137). */
  readonly tokenJoin?: TokenJoin;
  /**
   * A public row whose handler reads the token itself (the notice list shows an administrator
   * its drafts; any other token counts as none): no optional-member guard, which would refuse a bad token.
   */
  readonly readsTokenItself?: true;
}

/** Every row's handler, by operationId. */
export type Handlers = { readonly [I in OperationId]: Handler<I> };

type Security = { [scheme: string]: readonly string[] }[];
const BEARER: Security = [{ bearerAuth: [] }];
const BEARER_OPTIONAL: Security = [{ bearerAuth: [] }, {}];

/** The OpenAPI security of a row: none for public and portal rows (`security: []`). */
export function securityOf(op: Operation): Security {
  if (op.access === 'member' || op.access === 'admin') return BEARER;
  return op.token === 'optional' ? BEARER_OPTIONAL : [];
}

/** The onRequest guards of a row: the token is checked before the body is parsed or anything validated. */
function guardOf(op: Operation, handler: Handler<OperationId>): onRequestHookHandler[] {
  if (op.access === 'admin') return [requireMember, requireAdmin];
  if (op.access === 'member') return [requireMember];
  if (op.token === 'optional' && !handler.readsTokenItself) return [optionalMember];
  return [];
}

/** What every row must say about the statuses the protocol answers (protocol.ts): 400 always, 414 with path parameters. */
function checkErrors(key: string, op: Operation): void {
  if (!op.errors.includes(400)) throw new Error(`${key}: its row must list 400 (every operation validates its request)`);
  if (op.params && !op.errors.includes(414)) throw new Error(`${key}: its row must list 414 (it has path parameters)`);
  if (!op.params && op.errors.includes(414)) throw new Error(`${key}: its row lists 414 without path parameters`);
}

const NO_QUERY = Type.Object({}, { additionalProperties: false });

/** A body schema's shape: its fields and which are required (a handler's own body keeps the row's). */
function shapeOf(schema: TSchema | undefined): string | undefined {
  if (schema === undefined) return undefined;
  const s = schema as { properties?: object; required?: readonly string[] };
  return JSON.stringify([Object.keys(s.properties ?? {}).sort(), [...(s.required ?? [])].sort()]);
}

/** The rows without a handler and the handlers without a row (empty both: the API may start). */
export function unmatchedHandlers(handlers: Readonly<Record<string, unknown>>): { rows: string[]; handlers: string[] } {
  const ids = new Set(Object.values(operations as Readonly<Record<string, Operation>>).map((op) => op.id));
  return {
    rows: [...ids].filter((id) => !(id in handlers)),
    handlers: Object.keys(handlers).filter((id) => !ids.has(id)),
  };
}

/** Registers every row of the table as a route, with its handler; throws when the two do not pair up. */
export function registerOperations(app: FastifyInstance, handlers: Handlers): void {
  const unmatched = unmatchedHandlers(handlers);
  if (unmatched.rows.length > 0) throw new Error(`operation rows without a handler: ${unmatched.rows.join(', ')}`);
  if (unmatched.handlers.length > 0) throw new Error(`handlers without an operation row: ${unmatched.handlers.join(', ')}`);
  const byId = handlers as Readonly<Record<string, Handler<OperationId>>>;
  for (const [key, op] of Object.entries(operations) as [OperationKey, Operation][]) {
    checkErrors(key, op);
    const { method, path } = splitKey(key);
    const handler = byId[op.id];
    if (!handler) throw new Error(`${key}: no handler`);
    if (handler.body && shapeOf(handler.body) !== shapeOf(op.body)) throw new Error(`${key}: its handler's body schema has other fields than its row's`);
    const route: RouteOptions = {
      method,
      url: `${HOMEPAGE_PREFIX}${path}`,
      onRequest: guardOf(op, handler),
      config: {
        ...(handler.fieldMessages ? { fieldMessages: handler.fieldMessages } : {}),
        ...(handler.tokenJoin ? { tokenJoin: handler.tokenJoin } : {}),
      },
      schema: {
        operationId: op.id,
        tags: [op.tag],
        summary: handler.summary,
        security: securityOf(op),
        ...(op.params ? { params: op.params } : {}),
        querystring: op.query ?? NO_QUERY,
        ...(handler.body ?? op.body ? { body: handler.body ?? op.body } : {}),
        response: { 200: op.answer, ...errorAnswers(...op.errors) },
      },
      handler: (req) => handler.handle(req as RequestOf<OperationId>),
    };
    const body = handler.body ?? op.body;
    const preValidation = [...(body ? [strictBodyTypes] : []), ...(handler.preValidation ? [handler.preValidation] : [])];
    if (preValidation.length > 0) route.preValidation = preValidation;
    if (takesIdempotencyKey(method, op)) withIdempotencyKey(route);
    app.route(route);
  }
}
