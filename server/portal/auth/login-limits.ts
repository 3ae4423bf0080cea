/**
 * Failed sign-ins per account (decision 0008: e.g. 100 failures an hour per account → 429).
 * The per-IP limit is @fastify/rate-limit's; this counts only failures, by user id,
 * in fixed windows: in this process's memory, or in Redis for all instances
 * (decision 0020), falling back to memory while Redis does not answer.
 */
import { createHash } from 'node:crypto';
import { REDIS_PREFIX, type RedisLink } from '../scale/redis.ts';

export interface LoginFailures {
  /** Seconds until the account may try again, or 0 when it may. */
  retryAfter(userId: string): Promise<number>;
  fail(userId: string): Promise<void>;
  succeed(userId: string): Promise<void>;
}

function accountKey(userId: string): string {
  return userId.trim().toLowerCase();
}

export class FailureCounter implements LoginFailures {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #counts = new Map<string, { count: number; resetAt: number }>();

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  async retryAfter(userId: string): Promise<number> {
    const e = this.#counts.get(accountKey(userId));
    const now = this.#now();
    if (!e || e.resetAt <= now) return 0;
    return e.count >= this.#limit ? Math.ceil((e.resetAt - now) / 1000) : 0;
  }

  async fail(userId: string): Promise<void> {
    const now = this.#now();
    if (this.#counts.size > 50_000) for (const [k, v] of this.#counts) if (v.resetAt <= now) this.#counts.delete(k);
    const key = accountKey(userId);
    const e = this.#counts.get(key);
    if (!e || e.resetAt <= now) this.#counts.set(key, { count: 1, resetAt: now + this.#windowMs });
    else e.count += 1;
  }

  async succeed(userId: string): Promise<void> {
    this.#counts.delete(accountKey(userId));
  }
}

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
    return `${REDIS_PREFIX}login-failures:${createHash('sha256').update(accountKey(userId)).digest('base64url')}`;
  }

  async #shared<T>(use: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (!this.#link.ready) {
      this.#link.fellBack('login_failures');
      return fallback();
    }
    try {
      return await use();
    } catch (err) {
      this.#link.fellBack('login_failures', err);
      return fallback();
    }
  }

  retryAfter(userId: string): Promise<number> {
    return this.#shared(
      async () => {
        const key = this.#key(userId);
        const [count, ttl] = await Promise.all([this.#link.client.get(key), this.#link.client.pttl(key)]);
        return Number(count ?? 0) >= this.#limit && ttl > 0 ? Math.ceil(ttl / 1000) : 0;
      },
      () => this.#local.retryAfter(userId),
    );
  }

  fail(userId: string): Promise<void> {
    return this.#shared(
      async () => {
        const key = this.#key(userId);
        await this.#link.client.multi().set(key, 0, 'PX', this.#windowMs, 'NX').incr(key).exec();
      },
      () => this.#local.fail(userId),
    );
  }

  succeed(userId: string): Promise<void> {
    return this.#shared(
      async () => {
        await this.#link.client.del(this.#key(userId));
      },
      () => this.#local.succeed(userId),
    );
  }
}
