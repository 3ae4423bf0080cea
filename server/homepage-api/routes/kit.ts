/**
 * What the handlers of the reference API share: a write's context, text normalised, the period check and paging.
 * Who may call, the schemas and the error statuses come from the operation table's rows (operation-table.ts).
 * Route files import from here, never from each other.
 */
import type { FastifyRequest } from 'fastify';
import { apiMessages } from '#shared/messages-api.ts';
import { memberOf } from '../auth/guard.ts';
import { ruleBroken } from '../errors.ts';
import type { WriteContext } from '../programme/activities.ts';
import { ALL_ROWS, type Limit } from '../store/rows.ts';

export { ALL_ROWS };

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

/** A period filter: `from` after `to` → 400. */
export function checkPeriod(q: { from?: string | undefined; to?: string | undefined }): { from: string | null; to: string | null } {
  if (q.from && q.to && q.from > q.to) throw ruleBroken(apiMessages.validation.periodInvalid);
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
