/**
 * What every route of the reference API shares: who may call it (guards), the period check, paging, and the error statuses it documents.
 * Route files import from here, never from each other.
 */
import type { FastifyContextConfig, FastifyRequest, FastifySchema } from 'fastify';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf, optionalMember, requireAdmin, requireMember } from '../auth/guard.ts';
import { badRequest, errorAnswers } from '../errors.ts';
import type { WriteContext } from '../programme/activities.ts';
import { ALL_ROWS, type Limit } from '../store/rows.ts';

export { ALL_ROWS };

// Their OpenAPI security, operationId and tag come from the operation table (operation-table.ts).

/*
 * Guards run onRequest: the token is checked before the body is parsed or anything is
 * validated, so a request without a valid token gets 401 (403 when it expired) even when
 * its body or query is wrong too.
 */

/** A route for signed-in members: no valid access token → 401 (403 when it expired). */
export function memberRoute<S extends FastifySchema>(schema: S, config: FastifyContextConfig = {}) {
  return { onRequest: requireMember, config, schema };
}

/** A public route that also answers for the signed-in member when a token comes with it. */
export function optionalMemberRoute<S extends FastifySchema>(schema: S) {
  return { onRequest: optionalMember, schema };
}

/** A public route that shows an administrator more (isAdminCaller); any other token is ignored. */
export function adminAwareRoute<S extends FastifySchema>(schema: S) {
  return { schema };
}

/** A route for administrators (ROLE_ADMIN); others get 404. */
export function adminRoute<S extends FastifySchema>(schema: S) {
  return { onRequest: [requireMember, requireAdmin], schema };
}

/** The stores, settings and signed-in member a write needs. */
export function writeContext(req: FastifyRequest): WriteContext {
  return { stores: req.server.stores, settings: req.server.settings, member: memberOf(req) };
}

/** preValidation: top-level text fields of the body in NFC, so lengths count as members count them. */
export async function normaliseText(req: FastifyRequest): Promise<void> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') Reflect.set(body, k, v.normalize('NFC'));
}

/** Error statuses of member reads and of member writes. */
export const readErrors = errorAnswers(400, 401, 403);
export const writeErrors = errorAnswers(400, 401, 403, 404, 409);
/** Activity writes also count towards the member's write rate (429, decision 0113). */
export const activityWriteErrors = errorAnswers(400, 401, 403, 404, 409, 429);

/** A period filter: `from` after `to` → 400. */
export function checkPeriod(q: { from?: string | undefined; to?: string | undefined }): { from: string | null; to: string | null } {
  if (q.from && q.to && q.from > q.to) throw badRequest(apiMessages.validation.periodInvalid);
  return { from: q.from ?? null, to: q.to ?? null };
}

export interface Page extends Limit {
  page: number;
  size: number;
}

/** page/size of the query (1-based, contract defaults) → LIMIT/OFFSET. */
export function pageOf(q: { page?: number | undefined; size?: number | undefined }, defaultSize = 20): Page {
  const page = q.page ?? 1;
  const size = q.size ?? defaultSize;
  return { page, size, limit: size, offset: (page - 1) * size };
}

/** The paging fields of a list answer. */
export function pageInfo(p: Page, total: number) {
  return { page: p.page, size: p.size, total };
}
