/**
 * Whether a refused request is answered in JSON (`{ result, msg }`) or as text/HTML: API
 * paths always JSON, others unless the browser asks for HTML. The one rule of the portal's
 * error handler and its overload refusals (issue 40: it was written twice).
 */
import type { FastifyRequest } from 'fastify';

export function wantsJson(req: FastifyRequest): boolean {
  return req.url.startsWith('/api/') || !(req.headers.accept ?? '').includes('text/html');
}
