/**
 * CSRF defence for state-changing routes (decision 0008): a browser's cross-site request is
 * refused with 403. Fetch metadata (`Sec-Fetch-Site`) and `Origin` must say same-origin
 * when present; calls made by the portal's pages also carry its custom header, which a
 * cross-site page cannot send without a CORS preflight the portal never grants.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, preHandlerHookHandler } from 'fastify';
import { PORTAL_HEADER } from '#shared/http.ts';
import { serverMessages } from '#shared/messages-server.ts';

export function ownOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

export function crossSiteReason(req: FastifyRequest, requireHeader: boolean): string | undefined {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `sec-fetch-site ${String(site)}`;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(req)) return 'origin mismatch';
  if (requireHeader && req.headers[PORTAL_HEADER] !== '1') return 'missing portal header';
  return undefined;
}

/**
 * preHandler: refuse cross-site requests and, where `requireHeader` says so (always, or for
 * the requests it picks), any without the portal's header.
 */
export function sameOrigin(requireHeader: boolean | ((req: FastifyRequest) => boolean)): preHandlerHookHandler {
  // A callback hook: every gateway call passes here (no promise each; decision 0123). A refusal
  // answers from the hook, and then `done` is not called.
  return function sameOriginCheck(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const reason = crossSiteReason(req, typeof requireHeader === 'function' ? requireHeader(req) : requireHeader);
    if (!reason) return done();
    req.log.warn({ csrf: { reason, origin: req.headers.origin, site: req.headers['sec-fetch-site'] } }, 'cross-site request refused');
    reply.code(403).send({ result: 'error', msg: serverMessages.error.forbidden });
  };
}
