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

/** The build that answered (its entry chunk's file name): a tab on an older build moves to the new one at its next page change. */
export const BUILD_HEADER = 'x-portal-build';
