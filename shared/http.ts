/** Small HTTP facts shared by the browser's API module and the portal server. */
import type { Query } from './ssr.ts';

/** Where the homepage API's paths live, on the API and on the portal's gateway. */
export const HOMEPAGE_PREFIX = '/api/v1/homepage';

/** Custom header that marks the portal's own same-origin calls (CSRF defence, docs/decisions/D3-sign-in-session-and-tokens.md). */
export const PORTAL_HEADER = 'x-portal-request';

/** A request URL's path and query string (without its `?`): the one place a URL is split (issue 40). */
export function splitUrl(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
}

/** A request URL's path, without its query string. */
export const pathOfUrl = (url: string): string => splitUrl(url).path;

/**
 * A row's path pattern with its `:name` parameters filled in, each URI-encoded:
 * `/book/:isbn` + { isbn } → `/book/9788936434120`. The one filler of the operation table's
 * paths, for the pages' typed client and the portal's own calls (operationPath); browser-safe.
 */
export function fillPath(pattern: string, params: Readonly<Record<string, string | number>> | undefined): `/${string}` {
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
  return path as `/${string}`;
}

/** What URLSearchParams writes as it is (the form encoding leaves these alone). */
const FORM_PLAIN = /^[\w.*-]*$/;

/**
 * `a=1&b=2` from a query object (undefined values left out), without a leading `?`, as
 * URLSearchParams writes it. Names and values made only of letters, digits and `*-._` (page
 * numbers, codes, `Y`: a page's calls) are joined as they are, without building a
 * URLSearchParams for each call; anything else is encoded by URLSearchParams itself.
 */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  let out = '';
  let first = true;
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    const value = String(v);
    if (!FORM_PLAIN.test(k) || !FORM_PLAIN.test(value)) return encodedQueryString(query);
    out += first ? `${k}=${value}` : `&${k}=${value}`;
    first = false;
  }
  return out;
}

function encodedQueryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}

/** The build that answered (its entry chunk's file name): a tab on an older build moves to the new one at its next page change. */
export const BUILD_HEADER = 'x-portal-build';
