/**
 * Public reads of the homepage API, cached in the process (decision 0033): the notice
 * strip and lists, code lookups (60/2, regions), system contents, FAQ, newsletters,
 * partner bookstores, popular books and book search. A small LRU (lru-cache) with a TTL
 * per kind; a stale answer is served at once while one refresh runs in the background
 * (stale-while-revalidate), and kept when the refresh fails; concurrent misses of one
 * key share one upstream call. Only GETs of the operation table's rows with a `cache`
 * (their TTL the row's, or CACHE_TTL_S's), only 200 success answers —
 * never a member's data, whatever token the request carries — and never an answer that
 * may differ by caller (an administrator's notice list without `display_yn=Y`).
 */
import { LRUCache } from 'lru-cache';
import { HOMEPAGE_PREFIX, operationOf, type OperationRef } from '#shared/contract/operations.ts';
import type { HomepageCall, HomepageClient, HomepageResult } from './client.ts';

/** Seconds each cached row (by operationId) stays fresh; a row not named is not cached. */
export type CacheTtls = Readonly<Record<string, number>>;

/** The row of a GET the cache may keep: one with a `cache` in the operation table (full path, query allowed). */
export function cachedOperationOf(path: string): OperationRef | undefined {
  // operationOf keeps the paths it matched (shared/contract/operations.ts): no table walk per call.
  const found = operationOf('GET', path);
  return found?.row.cache?.scope === 'public' ? found : undefined;
}

/**
 * The notice list shows an administrator's token its drafts unless `display_yn=Y` is asked
 * (the reference API's rule, decision 0033): such an answer is that caller's, never the cache's.
 * Every page of the portal asks `display_yn=Y`, so pages keep their cache.
 */
function callerBound(c: HomepageCall, ref: OperationRef): boolean {
  return c.accessToken !== undefined && ref.key === 'GET /board/notice' && new URLSearchParams(c.query).getAll('display_yn').join() !== 'Y';
}

export type CacheOutcome = 'hit' | 'miss' | 'stale' | 'bypass';

export interface PublicCacheOptions {
  /** Seconds each cached row stays fresh (config: the rows' own, CACHE_TTL_S); 0 turns it off. */
  ttlS: CacheTtls;
  maxEntries: number;
  /** Told of every cacheable read (for metrics), with the row's full path pattern. */
  onRead?: (operation: string, outcome: CacheOutcome) => void;
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
    const ref = c.method === 'GET' ? cachedOperationOf(c.path) : undefined;
    const ttlMs = ref ? (opts.ttlS[ref.row.id] ?? 0) * 1000 : 0;
    if (!ref || ttlMs <= 0) return client.call(c);
    const kind = `${HOMEPAGE_PREFIX}${ref.path}`;
    if (callerBound(c, ref)) {
      // Neither stored nor shared with a concurrent miss of the same key.
      opts.onRead?.(kind, 'bypass');
      return client.call(c);
    }
    const key = c.query ? `${c.path}?${c.query}` : c.path;
    const status: LRUCache.Status<string, Entry, HomepageCall> = {};
    const value = await lru.fetch(key, { context: c, ttl: ttlMs, status }).catch(() => undefined);
    if (!value) {
      const failure = failures.get(key);
      c.log.debug({ cache: { operation: kind, outcome: 'bypass' } }, 'public read not cached');
      opts.onRead?.(kind, 'bypass');
      return failure ?? client.call(c);
    }
    const outcome: CacheOutcome = status.fetch === 'hit' ? 'hit' : status.fetch === 'stale' ? 'stale' : 'miss';
    c.log.debug({ cache: { operation: kind, outcome } }, 'public read');
    opts.onRead?.(kind, outcome);
    return value;
  }

  return { baseUrl: client.baseUrl, call, close: () => client.close() };
}
