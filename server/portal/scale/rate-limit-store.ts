/**
 * @fastify/rate-limit's own Redis store, with its own memory store as the fallback
 * (decision 0020): while Redis answers, the per-address sign-in limit is counted once
 * for all instances; while it does not, each instance counts on its own.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { REDIS_PREFIX, type RedisLink } from './redis.ts';

type Child = Parameters<FastifyRateLimitStore['child']>[0];
type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

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
    if (!this.#link.ready) {
      this.#link.fellBack('rate_limit');
      this.#local.incr(key, cb, timeWindow, max);
      return;
    }
    this.#shared.incr(
      key,
      (err, result) => {
        if (!err) return cb(null, result);
        this.#link.fellBack('rate_limit', err);
        this.#local.incr(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
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
