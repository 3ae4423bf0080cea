/**
 * The hinge every member call passes through: "call the homepage API for this request".
 * The path is checked by safeHomepageUrl, then MemberAuth.call sends it on the member's
 * behalf (token attached, refresh-and-retry on 403, a 401 ends the session, cookies set on
 * this reply). The gateway forwards the browser's calls through `forwardForRequest`; page
 * loaders and actions on the server reach the same path through `homepageTransport` (the HomepageTransport
 * of shared/ssr.ts that client/api/homepage.ts calls during a server render).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '#shared/contract/idempotency.ts';
import { queryString } from '#shared/http.ts';
import { messages } from '#shared/messages.ts';
import type { HomepageTransport } from '#shared/ssr.ts';
import { requestTrace } from '../../tracing.ts';
import type { HomepageCall, HomepageMethod, HomepageResult } from './client.ts';
import { HOMEPAGE_PREFIX, safeHomepageUrl } from './paths.ts';

/**
 * What sends a call on the member's behalf: auth/member-auth.ts's MemberAuth. Named here by what
 * it does, so homepage/ needs nothing of auth/ (auth/ uses homepage/: no circle, issue 40; the
 * test/lint/portal-folders test keeps it so).
 */
export interface MemberCaller {
  call(req: FastifyRequest, reply: FastifyReply, c: Omit<HomepageCall, 'accessToken' | 'requestId' | 'log'>): Promise<HomepageResult>;
}

/** Whom a homepage call is made for: the request's id (sent upstream), its logger and its trace. */
export function callFor(req: FastifyRequest): Pick<HomepageCall, 'requestId' | 'log' | 'trace'> {
  return { requestId: req.id, log: req.log, trace: requestTrace(req) };
}

/**
 * The browser's own call, as it asked (`rawUrl` is the request's URL under the prefix, query
 * string included). `refused` when the path is unsafe or one the browser may not reach.
 */
export async function forwardForRequest(
  auth: MemberCaller,
  req: FastifyRequest,
  reply: FastifyReply,
  call: { method: HomepageMethod; rawUrl: string; body: unknown; idempotencyKey?: string | undefined; mayForward: (path: string) => boolean },
): Promise<HomepageResult | 'refused'> {
  const target = safeHomepageUrl(call.rawUrl);
  if (!target || !call.mayForward(target.path)) return 'refused';
  return auth.call(req, reply, {
    method: call.method,
    path: target.path,
    query: target.query,
    body: call.body,
    ...(call.idempotencyKey !== undefined ? { idempotencyKey: call.idempotencyKey } : {}),
  });
}

/** A page's own Idempotency-Key: made by the pages' code, so one that is not a key is a bug there. */
function checkedKey(value: string): string {
  const key = idempotencyKeyOf(value);
  if (!key) throw new Error('A page gave an Idempotency-Key that is not one (shared/contract/idempotency.ts)');
  return key;
}

/** The homepage API for loaders and actions rendered on the server, on behalf of this request's member. */
export function homepageTransport(auth: MemberCaller, req: FastifyRequest, reply: FastifyReply): HomepageTransport {
  return {
    async request(method, path, init) {
      const target = safeHomepageUrl(`${HOMEPAGE_PREFIX}${path}`);
      if (!target) throw new Error(`A page asked for an invalid homepage path: ${path}`);
      const result = await auth.call(req, reply, {
        method,
        path: target.path,
        query: queryString(init.query),
        ...(init.body !== undefined ? { body: init.body } : {}),
        ...(init.idempotencyKey !== undefined ? { idempotencyKey: checkedKey(init.idempotencyKey) } : {}),
      });
      if (!result.ok) return { result: 'error', msg: messages.error.temporary, code: 'unavailable' };
      return result.body;
    },
  };
}
