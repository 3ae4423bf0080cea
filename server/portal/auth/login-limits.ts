/**
 * Failed sign-ins per account (decision 0008: e.g. 100 failures an hour per account → 429).
 * The per-IP limit is @fastify/rate-limit's; this counts only failures, by user id,
 * in fixed windows, in this process's memory; shared-state/login-failures.ts keeps them in Redis
 * for all instances (decision 0020).
 */

export interface LoginFailures {
  /** Seconds until the account may try again, or 0 when it may. */
  retryAfter(userId: string): Promise<number>;
  fail(userId: string): Promise<void>;
  succeed(userId: string): Promise<void>;
}

export function accountKey(userId: string): string {
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
