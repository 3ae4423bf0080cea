/**
 * Which paths the gateway forwards: only under HOMEPAGE_PREFIX, plain segments of
 * letters, digits and `_ ~ - .` that do not start with a dot. Percent-encoding,
 * dot segments, backslashes and empty segments are refused, so nothing can climb
 * out of the prefix on the way upstream.
 */
import { HOMEPAGE_PREFIX, splitUrl } from '#shared/http.ts';

export { HOMEPAGE_PREFIX };

const SAFE_PATH = new RegExp(`^${HOMEPAGE_PREFIX}(?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,127})+$`);
const MAX_QUERY = 4096;

export interface SplitUrl {
  path: string;
  query: string;
}

/** Splits a raw request URL and checks it; undefined when it must be refused. */
export function safeHomepageUrl(rawUrl: string): SplitUrl | undefined {
  const { path, query } = splitUrl(rawUrl);
  if (path.length > 1024 || !SAFE_PATH.test(path)) return undefined;
  if (query.length > MAX_QUERY || /[\s#]/.test(query)) return undefined;
  return { path, query };
}
