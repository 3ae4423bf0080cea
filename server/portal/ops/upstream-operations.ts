/**
 * The homepage API's route patterns, so that upstream metrics are labelled by operation
 * (the prefix and `/board/notice/:notice_info_key`), never by the raw path, which may
 * hold ids or an SSO token. The patterns are the contract's operation map's; a test keeps
 * them equal to the reference API's routes (its OpenAPI document). Paths that match none
 * are `other`.
 */
import { HOMEPAGE_PREFIX, operations, splitKey } from '#shared/contract/operations.ts';

/** Every operation's path pattern, from the operation table (one list for the typed client and the metrics). */
export const UPSTREAM_PATTERNS: readonly string[] = [...new Set(Object.keys(operations).map((key) => `${HOMEPAGE_PREFIX}${splitKey(key).path}`))];

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

// Looked up by segment count and the segment after the prefix (`user`, `board`, …), so a
// call compares a handful of patterns, not all of them. A pattern with a
// parameter there is a candidate for every key of its length; the order above is kept.
const KEYED_AT = HOMEPAGE_PREFIX.split('/').length - 1;
const keyOf = (count: number, segment: string) => `${count} ${segment}`;
const BUCKETS = new Map<string, Compiled[]>();
const ANY_AT_KEY = new Map<number, Compiled[]>();
for (const c of COMPILED) {
  const s = c.segments[KEYED_AT] ?? '';
  if (s.startsWith(':')) ANY_AT_KEY.set(c.segments.length, [...(ANY_AT_KEY.get(c.segments.length) ?? []), c]);
}
for (const c of COMPILED) {
  const s = c.segments[KEYED_AT] ?? '';
  if (s.startsWith(':')) continue;
  const key = keyOf(c.segments.length, s);
  if (!BUCKETS.has(key)) BUCKETS.set(key, COMPILED.filter((o) => o.segments.length === c.segments.length && (o.segments[KEYED_AT] === s || (o.segments[KEYED_AT] ?? '').startsWith(':'))));
}

function matches(c: Compiled, parts: readonly string[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const s = c.segments[i] ?? '';
    if (s.startsWith(':') ? parts[i] === '' : s !== parts[i]) return false;
  }
  return true;
}

/** The route pattern of an upstream path (without its query), or `other`. */
export function upstreamOperation(path: string): string {
  const q = path.indexOf('?');
  const parts = (q < 0 ? path : path.slice(0, q)).split('/').slice(1);
  const candidates = BUCKETS.get(keyOf(parts.length, parts[KEYED_AT] ?? '')) ?? ANY_AT_KEY.get(parts.length) ?? [];
  for (const c of candidates) if (matches(c, parts)) return c.pattern;
  return 'other';
}
