/**
 * The homepage API's route patterns, so that upstream metrics are labelled by operation
 * (`/api/v1/homepage/board/notice/:notice_info_key`), never by the raw path, which may
 * hold ids or an SSO token. The patterns are the contract's operation map's; a test keeps
 * them equal to the reference API's routes (its OpenAPI document). Paths that match none
 * are `other`.
 */
import { homepageOperations, portalOnlyOperations } from '#shared/contract/operations.ts';
import { HOMEPAGE_PREFIX } from '#shared/http.ts';

/** Every operation's path pattern, from the contract's operation map (one list for the typed client and the metrics). */
export const UPSTREAM_PATTERNS: readonly string[] = [
  ...new Set([...Object.keys(homepageOperations), ...Object.keys(portalOnlyOperations)].map((key) => `${HOMEPAGE_PREFIX}${key.slice(key.indexOf(' ') + 1)}`)),
];

interface Compiled {
  pattern: string;
  segments: readonly string[];
  statics: number;
}

// Most static segments first: `/code/local/:a` wins over `/code/:group/:code`, as in a router.
const COMPILED: readonly Compiled[] = UPSTREAM_PATTERNS.map((pattern) => {
  const segments = pattern.split('/').slice(1);
  return { pattern, segments, statics: segments.filter((s) => !s.startsWith(':')).length };
}).sort((a, b) => b.statics - a.statics);

/** The route pattern of an upstream path (without its query), or `other`. */
export function upstreamOperation(path: string): string {
  const parts = path.split('?')[0]?.split('/').slice(1) ?? [];
  for (const c of COMPILED) {
    if (c.segments.length !== parts.length) continue;
    if (c.segments.every((s, i) => s.startsWith(':') ? (parts[i] ?? '') !== '' : s === parts[i])) return c.pattern;
  }
  return 'other';
}
