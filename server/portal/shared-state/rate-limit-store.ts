/**
 * @fastify/rate-limit's own Redis store, with its own memory store as the fallback
 * (decision 0020): while Redis answers, the per-address sign-in limit is counted once
 * for all instances; while it does not, each instance counts on its own.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { REDIS_PREFIX, type RedisLink } from './redis.ts';
import { redisElseMemory } from './redis-else-memory.ts';

type Child = Parameters<FastifyRateLimitStore['child']>[0];
type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type Counted = NonNullable<Parameters<Callback>[1]>;

/** One store's count, as a promise (the plugin turns its callback into one too). */
function counted(store: FastifyRateLimitStore, key: string, timeWindow: number, max: number): Promise<Counted> {
  return new Promise((resolve, reject) => {
    store.incr(key, (err, result) => (err || !result ? reject(err ?? new Error('rate-limit store gave no count')) : resolve(result)), timeWindow, max);
  });
}

class FallbackStore implements FastifyRateLimitStore {
  readonly #shared: FastifyRateLimitStore;
  readonly #local: FastifyRateLimitStore;
  readonly #link: RedisLink;

  constructor(shared: FastifyRateLimitStore, local: FastifyRateLimitStore, link: RedisLink) {
    this.#shared = shared;
    this.#local = local;
    this.#link = link;
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    redisElseMemory(
      this.#link,
      'rate_limit',
      () => counted(this.#shared, key, timeWindow, max),
      () => counted(this.#local, key, timeWindow, max),
    ).then(
      (result) => cb(null, result),
      (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
    );
  }

  child(routeOptions: Child): FastifyRateLimitStore {
    return new FallbackStore(this.#shared.child(routeOptions), this.#local.child(routeOptions), this.#link);
  }
}

/** The `store` option of @fastify/rate-limit for this Redis link. */
export function sharedRateLimitStore(link: RedisLink): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its resolved global options (typed as an empty interface).
      const opts = options as RateLimitOptions;
      const continueExceeding = opts.continueExceeding ?? false;
      const exponentialBackoff = opts.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, link.client, `${REDIS_PREFIX}rate-limit:`),
        new LocalStore(continueExceeding, exponentialBackoff, opts.cache),
        link,
      );
    }
  };
}
