/**
 * The label of an upstream call in the portal's metrics: the full path pattern of its row in
 * the operation table (`/api/v1/homepage/board/notice/:notice_info_key`), never the raw
 * path, which may hold ids or an SSO token; `other` for a call no row answers. operationOf
 * (shared/contract/operations.ts) says which row, as the reference API's router does.
 */
import { HOMEPAGE_PREFIX, operationOf } from '#shared/contract/operations.ts';

/** The row's full path pattern of an upstream call (a query string allowed), or `other`. */
export function upstreamOperation(method: string, path: string): string {
  const ref = operationOf(method, path);
  return ref ? `${HOMEPAGE_PREFIX}${ref.path}` : 'other';
}
