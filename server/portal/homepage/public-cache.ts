/**
 * Public reads of the homepage API, cached in the process (decision 0033): the notice
 * strip and lists, code lookups (60/2, regions), system contents, FAQ, newsletters,
 * partner bookstores, popular books and book search. A small LRU (lru-cache) with a TTL
 * per kind; a stale answer is served at once while one refresh runs in the background
 * (stale-while-revalidate), and kept when the refresh fails; concurrent misses of one
 * key share one upstream call. Only GETs of these paths, only 200 success answers —
 * never a member's data, whatever token the request carries — and never an answer that
 * may differ by caller (an administrator's notice list without `display_yn=Y`).
 */
import { LRUCache } from 'lru-cache';
import { operationPath, operations, pathPattern, splitKey, type CacheKind, type Operation } from '#shared/contract/operations.ts';
import type { HomepageCall, HomepageClient, HomepageResult } from './client.ts';

export type { CacheKind };

export type CacheTtls = Readonly<Record<CacheKind, number>>;

/** Which public paths are which kind: the GET rows of the operation table with a cache kind (full paths, without the query). */
const KINDS: readonly { kind: CacheKind; path: RegExp }[] = (Object.entries(operations) as [string, Operation][]).flatMap(([key, op]) => {
  const { method, path } = splitKey(key);
  return method === 'GET' && op.cache ? [{ kind: op.cache, path: pathPattern(path) }] : [];
});

export function cacheKindOf(path: string): CacheKind | undefined {
  return KINDS.find((k) => k.path.test(path))?.kind;
}

/**
 * The notice list shows an administrator's token its drafts unless `display_yn=Y` is asked
 * (the reference API's rule, decision 0033): such an answer is that caller's, never the cache's.
 * Every page of the portal asks `display_yn=Y`, so pages keep their cache.
 */
const NOTICE_LIST = operationPath('GET /board/notice').path;

function callerBound(c: HomepageCall): boolean {
  return c.accessToken !== undefined && c.path === NOTICE_LIST && new URLSearchParams(c.query).getAll('display_yn').join() !== 'Y';
}

export type CacheOutcome = 'hit' | 'miss' | 'stale' | 'bypass';

export interface PublicCacheOptions {
  /** Seconds each kind stays fresh; 0 turns the kind off. */
  ttlS: CacheTtls;
  maxEntries: number;
  /** Told of every cacheable read (for metrics). */
  onRead?: (kind: CacheKind, outcome: CacheOutcome) => void;
}

type Entry = Extract<HomepageResult, { ok: true }>;

export function withPublicCache(client: HomepageClient, opts: PublicCacheOptions): HomepageClient {
  /**
   * A failed read is never stored: the fetch rejects (a stale value, if any, is served
   * instead), and the failure waits here for the callers that shared that fetch.
   */
  const failures = new Map<string, HomepageResult>();
  const lru = new LRUCache<string, Entry, HomepageCall>({
    max: opts.maxEntries,
    // Fresh for the kind's TTL (set per entry below); stale entries stay for SWR until evicted.
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    allowStaleOnFetchAbort: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (key, _stale, { context }) => {
      const result = await client.call(context);
      if (result.ok && result.status === 200 && result.body.result === 'success') {
        failures.delete(key);
        return result;
      }
      if (failures.size >= opts.maxEntries) failures.clear();
      failures.set(key, result);
      throw new Error('not cacheable');
    },
  });

  async function call(c: HomepageCall): Promise<HomepageResult> {
    const kind = c.method === 'GET' ? cacheKindOf(c.path) : undefined;
    const ttlMs = kind ? opts.ttlS[kind] * 1000 : 0;
    if (!kind || ttlMs <= 0) return client.call(c);
    if (callerBound(c)) {
      // Neither stored nor shared with a concurrent miss of the same key.
      opts.onRead?.(kind, 'bypass');
      return client.call(c);
    }
    const key = c.query ? `${c.path}?${c.query}` : c.path;
    const status: LRUCache.Status<string, Entry, HomepageCall> = {};
    const value = await lru.fetch(key, { context: c, ttl: ttlMs, status }).catch(() => undefined);
    if (!value) {
      const failure = failures.get(key);
      c.log.debug({ cache: { kind, outcome: 'bypass' } }, 'public read not cached');
      opts.onRead?.(kind, 'bypass');
      return failure ?? client.call(c);
    }
    const outcome: CacheOutcome = status.fetch === 'hit' ? 'hit' : status.fetch === 'stale' ? 'stale' : 'miss';
    c.log.debug({ cache: { kind, outcome } }, 'public read');
    opts.onRead?.(kind, outcome);
    return value;
  }

  return { baseUrl: client.baseUrl, call, close: () => client.close() };
}
