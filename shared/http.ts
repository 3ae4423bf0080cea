/** Small HTTP facts shared by the browser's API module and the portal server. */
import type { Query } from './ssr.ts';

/** Where the homepage API's paths live, on the API and on the portal's gateway. */
export const HOMEPAGE_PREFIX = '/api/v1/homepage';

/** Custom header that marks the portal's own same-origin calls (CSRF defence, docs/decisions/D3-sign-in-session-and-tokens.md). */
export const PORTAL_HEADER = 'x-portal-request';

/** `a=1&b=2` from a query object (undefined values left out), without a leading `?`. */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}

/** A write's key (draft-ietf-httpapi-idempotency-key-header): one per intended write, the same on every retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The answer header that marks a repeat of a write's key: `Idempotent-Replayed: true`, the first answer given again (decision 0141). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/**
 * The member a write queued on the device belongs to (its user id): the gateway refuses the
 * write for any other session, so a queued write never crosses to another member on a shared phone.
 */
export const PORTAL_MEMBER_HEADER = 'x-portal-member';

/** The gateway's code (409) for a write kept on the device whose member is not this session's. */
export const MEMBER_CHANGED = 'member_changed';

/** The build that answered (its entry chunk's file name): a tab on an older build moves to the new one at its next page change. */
export const BUILD_HEADER = 'x-portal-build';
