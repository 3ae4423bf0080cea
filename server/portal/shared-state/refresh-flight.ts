/**
 * One refresh per refresh token across instances, through Redis (decisions 0007 and 0020);
 * within this instance through memory first (auth/refresh-flight.ts says how the key, its seal
 * and the waiting work).
 */
import type { FastifyBaseLogger } from 'fastify';
import { MemoryRefreshFlight, SHARE_MS, type Flight, type RefreshFlight, type RefreshOutcome } from '../auth/refresh-flight.ts';
import { hashOf, seal, sealKey, unseal } from '../auth/seal.ts';
import { REDIS_PREFIX, type RedisLink } from './redis.ts';
import { redisElseMemory } from './redis-else-memory.ts';

const PENDING = 'pending';
const POLL_MS = 50;
const UNAVAILABLE: RefreshOutcome = { kind: 'unavailable' };

function isOutcome(v: unknown): v is RefreshOutcome {
  const kind = typeof v === 'object' && v !== null ? (v as { kind?: unknown }).kind : undefined;
  return kind === 'ok' || kind === 'rejected' || kind === 'unavailable';
}

/** Across instances through Redis; within this instance through memory first. */
export class SharedRefreshFlight implements RefreshFlight {
  readonly #link: RedisLink;
  readonly #lockMs: number;
  readonly #local: MemoryRefreshFlight;

  /** `lockMs`: longer than an upstream call may take (the homepage timeout and a margin). */
  constructor(link: RedisLink, lockMs: number, now: () => number = Date.now) {
    this.#link = link;
    this.#lockMs = lockMs;
    this.#local = new MemoryRefreshFlight(now);
  }

  run(refreshToken: string, refresh: () => Promise<RefreshOutcome>, log: FastifyBaseLogger): Promise<Flight> {
    return this.#local.share(refreshToken, () => this.#acrossInstances(refreshToken, refresh, log));
  }

  async #acrossInstances(refreshToken: string, refresh: () => Promise<RefreshOutcome>, log: FastifyBaseLogger): Promise<Flight> {
    const redis = this.#link.client;
    const key = `${REDIS_PREFIX}refresh:${hashOf(refreshToken)}`;
    const secret = sealKey(refreshToken, 'portal refresh share v1');
    // Twice at most: a second time only when a pending key vanished without an answer.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // undefined: Redis is away; this instance refreshes on its own.
      const won = await redisElseMemory(this.#link, 'refresh', async (r) => (await r.set(key, PENDING, 'PX', this.#lockMs, 'NX')) === 'OK', () => undefined);
      if (won === undefined) return { outcome: await refresh(), shared: false };
      if (won) {
        const outcome = await refresh();
        try {
          await redis.set(key, seal(outcome, secret), 'PX', SHARE_MS, 'XX');
        } catch (err) {
          this.#link.fellBack('refresh', err);
        }
        return { outcome, shared: false };
      }
      log.debug({ auth: { event: 'refresh-wait' } }, 'refresh in flight elsewhere: waiting for its answer');
      const deadline = Date.now() + this.#lockMs;
      for (;;) {
        let value: string | null;
        try {
          value = await redis.get(key);
        } catch (err) {
          // The other instance may be rotating the token: do not spend it again.
          this.#link.fellBack('refresh', err);
          return { outcome: UNAVAILABLE, shared: true };
        }
        if (value === null) break;
        if (value !== PENDING) return { outcome: unseal(value, secret, isOutcome) ?? UNAVAILABLE, shared: true };
        if (Date.now() > deadline) return { outcome: UNAVAILABLE, shared: true };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }
    return { outcome: UNAVAILABLE, shared: true };
  }
}
