/**
 * Visitors' pages for a few seconds (decision 0037): when members arrive in
 * waves, most of the home and notice-list renders are for visitors and identical. A page
 * rendered for a request that carries none of the member's cookies, answered 200 without
 * setting a cookie, is kept (whole HTML) for `PAGE_CACHE_TTL_S` under its address, host,
 * way of delivery (streamed or whole) and display settings. A hit is the same HTML with a
 * fresh CSP nonce put in place of the old one. Never a member's page: a request with any
 * sign-in cookie, or a render that set one, is neither served from nor put in the cache.
 */
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  html: string;
  /** The nonce the HTML was rendered with (replaced on every hit). */
  nonce: string | undefined;
}

export type PageCacheOutcome = 'hit' | 'miss' | 'bypass';

export class VisitorPageCache {
  readonly #pages: LRUCache<string, CachedPage> | undefined;

  constructor(ttlS: number, maxBytes = 32 * 1024 * 1024) {
    this.#pages =
      ttlS > 0
        ? new LRUCache<string, CachedPage>({ ttl: ttlS * 1000, maxSize: maxBytes, sizeCalculation: (p) => Math.max(1, p.html.length * 2) })
        : undefined;
  }

  get enabled(): boolean {
    return this.#pages !== undefined;
  }

  get(key: string): CachedPage | undefined {
    return this.#pages?.get(key);
  }

  set(key: string, page: CachedPage): void {
    this.#pages?.set(key, page);
  }
}

/** The cached HTML with a new nonce in place of the one it was rendered with. */
export function withNonce(page: CachedPage, nonce: string | undefined): string {
  return page.nonce && nonce ? page.html.replaceAll(page.nonce, nonce) : page.html;
}
