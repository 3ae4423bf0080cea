/**
 * The one way pages call the homepage API, in loaders and actions alike. Paths and
 * answer types come from the contract's operation map (shared/contract/operations.ts):
 * `homepage(context).get('/board/notice', { query })` answers NoticeListAnswer | ErrorAnswer,
 * and a path the API does not have fails the typecheck. On the server the calls go
 * in-process on behalf of the member; in the browser through the portal's gateway.
 */
import type { Static, TSchema } from 'typebox';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { fillPath, HOMEPAGE_PREFIX } from '#shared/http.ts';
import type { HomepageOperations } from '#shared/contract/operations.ts';
import type { HomepageTransport, HttpMethod, Query } from '#shared/ssr.ts';
import { fetchJson } from './client.ts';
import { loadContextOf } from './context.ts';

type Ops = HomepageOperations;
type Key = keyof Ops;

/** The paths callable with a method, e.g. PathOf<'POST'> = '/activity/bookdiary' | … */
export type PathOf<M extends HttpMethod> = Key extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
type OpOf<M extends HttpMethod, P extends PathOf<M>> = Ops[`${M} ${P}` & Key];

type Field<O, F extends string> = O extends { readonly [k in F]: infer S extends TSchema } ? Static<S> : never;

/** What a call needs: path params and a body when the operation has them, an optional query. */
export type CallInput<O> = ([Field<O, 'params'>] extends [never] ? unknown : { params: Field<O, 'params'> }) &
  ([Field<O, 'query'>] extends [never] ? unknown : { query?: Field<O, 'query'> }) &
  ([BodyOf<O>] extends [never] ? unknown : { body: BodyOf<O> }) & { signal?: AbortSignal; idempotencyKey?: string | undefined };

/** The body a call sends: the operation's (never a `legacyBody`, which only older callers send). */
type BodyOf<O> = Field<O, 'body'>;

/** The operation's success answer, or the error answer every call may give. */
export type AnswerOf<O> = Field<O, 'answer'> | ErrorAnswer;

type Args<O> = [Field<O, 'params'>] extends [never]
  ? [BodyOf<O>] extends [never]
    ? [input?: CallInput<O>]
    : [input: CallInput<O>]
  : [input: CallInput<O>];

export interface Homepage {
  get<P extends PathOf<'GET'>>(path: P, ...args: Args<OpOf<'GET', P>>): Promise<AnswerOf<OpOf<'GET', P>>>;
  post<P extends PathOf<'POST'>>(path: P, ...args: Args<OpOf<'POST', P>>): Promise<AnswerOf<OpOf<'POST', P>>>;
  put<P extends PathOf<'PUT'>>(path: P, ...args: Args<OpOf<'PUT', P>>): Promise<AnswerOf<OpOf<'PUT', P>>>;
  delete<P extends PathOf<'DELETE'>>(path: P, ...args: Args<OpOf<'DELETE', P>>): Promise<AnswerOf<OpOf<'DELETE', P>>>;
}

/** The browser's transport: the portal's gateway. */
const browserTransport: HomepageTransport = {
  request: (method, path, init) => fetchJson(`${HOMEPAGE_PREFIX}${path}`, { method, ...init }),
};

interface RawInput {
  params?: Record<string, string | number>;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  idempotencyKey?: string | undefined;
}

function call(transport: HomepageTransport, method: HttpMethod, pattern: string, input: RawInput = {}) {
  const path = fillPath(pattern, input.params);
  // A write in the browser with its key goes through write.ts (its own chunk): retried with the
  // same key when the answer is lost, kept on the device when offline (issue 38).
  const key = input.idempotencyKey;
  if (transport === browserTransport && method !== 'GET' && key) {
    return import('./write.ts').then((m) => m.sendWrite({ ...input, idempotencyKey: key, method, path, pattern }));
  }
  const init: Parameters<HomepageTransport['request']>[2] = {};
  if (input.query) init.query = input.query;
  if (input.body !== undefined) init.body = input.body;
  if (input.signal) init.signal = input.signal;
  if (input.idempotencyKey) init.idempotencyKey = input.idempotencyKey;
  return transport.request(method, path, init);
}

/** The homepage API for this loader or action (`context` from react-router), or for the browser. */
export function homepage(context?: unknown): Homepage {
  const transport = loadContextOf(context)?.homepage ?? browserTransport;
  const method = (m: HttpMethod) => (path: string, input?: RawInput) => call(transport, m, path, input);
  // The transport has checked the answer is one ({ result, msg? }); the contract names its type.
  return { get: method('GET'), post: method('POST'), put: method('PUT'), delete: method('DELETE') } as Homepage;
}
