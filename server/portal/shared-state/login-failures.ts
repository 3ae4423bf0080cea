/**
 * Failed sign-ins per account, counted once for all instances in Redis (decisions 0008 and
 * 0020); this instance's memory (auth/login-limits.ts) while Redis does not answer.
 */
import type { Redis } from 'ioredis';
import { accountKey, FailureCounter, type LoginFailures } from '../auth/login-limits.ts';
import { hashOf } from '../auth/seal.ts';
import { REDIS_PREFIX, type RedisLink } from './redis.ts';
import { redisElseMemory } from './redis-else-memory.ts';

/**
 * The same fixed windows in Redis: one key per account (a hash of the id, so member ids
 * do not show in key listings) created with its window as expiry, then incremented.
 */
export class SharedFailureCounter implements LoginFailures {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #link: RedisLink;
  readonly #local: FailureCounter;

  constructor(limit: number, windowMs: number, link: RedisLink) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#link = link;
    this.#local = new FailureCounter(limit, windowMs);
  }

  #key(userId: string): string {
    return `${REDIS_PREFIX}login-failures:${hashOf(accountKey(userId))}`;
  }

  #shared<T>(use: (redis: Redis) => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    return redisElseMemory(this.#link, 'login_failures', use, fallback);
  }

  retryAfter(userId: string): Promise<number> {
    return this.#shared(
      async (redis) => {
        const key = this.#key(userId);
        const [count, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
        return Number(count ?? 0) >= this.#limit && ttl > 0 ? Math.ceil(ttl / 1000) : 0;
      },
      () => this.#local.retryAfter(userId),
    );
  }

  fail(userId: string): Promise<void> {
    return this.#shared(
      async (redis) => {
        const key = this.#key(userId);
        await redis.multi().set(key, 0, 'PX', this.#windowMs, 'NX').incr(key).exec();
      },
      () => this.#local.fail(userId),
    );
  }

  succeed(userId: string): Promise<void> {
    return this.#shared(
      async (redis) => {
        await redis.del(this.#key(userId));
      },
      () => this.#local.succeed(userId),
    );
  }
}
