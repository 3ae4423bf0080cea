/**
 * One refresh per refresh token (decisions 0007 and 0020). The API rotates refresh
 * tokens and revokes the whole sign-in when a spent one comes back, so concurrent
 * requests of one member that all found the access token expired must spend it once
 * and share the answer — within one process (memory) and, with REDIS_URL, across
 * instances:
 *
 * - one key per refresh token, `portal:refresh:<sha256(token)>`, taken with SET NX as a
 *   lock ("pending", expiring after the upstream timeout) by the request that refreshes;
 * - when the answer comes, the winner overwrites the key with the outcome, sealed with
 *   AES-256-GCM under a key derived from the refresh token itself (only requests holding
 *   that token can read it; Redis alone cannot), kept SHARE_MS;
 * - a request that finds the key pending polls it until the answer is there, and takes
 *   it instead of calling the API. Nothing of it is logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { IssuedTokens } from './cookies.ts';
import type { MemberFields } from '#shared/session.ts';
import { REDIS_PREFIX, type RedisLink } from '../scale/redis.ts';
import { hashOf, seal, sealKey, unseal } from './seal.ts';

export type TokenAnswer = MemberFields & IssuedTokens & { result: 'success' };

export type RefreshOutcome = { kind: 'ok'; answer: TokenAnswer } | { kind: 'rejected' } | { kind: 'unavailable' };

export interface Flight {
  outcome: RefreshOutcome;
  /** The outcome is another request's (this one did not call the API). */
  shared: boolean;
}

export interface RefreshFlight {
  /** Runs `refresh` for this refresh token unless a concurrent request already does, and shares its outcome. */
  run(refreshToken: string, refresh: () => Promise<RefreshOutcome>, log: FastifyBaseLogger): Promise<Flight>;
}

/** How long a finished refresh is still shared with late duplicates from the same page load. */
export const SHARE_MS = 2_000;


/** Shared while in flight and for SHARE_MS after; outside that window a spent token reaches the API (reuse). */
export class MemoryRefreshFlight implements RefreshFlight {
  readonly #flights = new Map<string, { at: number; promise: Promise<Flight> }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  run(refreshToken: string, refresh: () => Promise<RefreshOutcome>): Promise<Flight> {
    return this.share(refreshToken, async () => ({ outcome: await refresh(), shared: false }));
  }

  /** Coalesces `work` per refresh token in this process. */
  share(refreshToken: string, work: () => Promise<Flight>): Promise<Flight> {
    const key = hashOf(refreshToken);
    const now = this.#now();
    for (const [k, v] of this.#flights) if (v.at !== 0 && now - v.at > SHARE_MS) this.#flights.delete(k);
    const running = this.#flights.get(key);
    if (running) return running.promise.then((f) => ({ outcome: f.outcome, shared: true }));
    const promise = work();
    // Shared while in flight (at = 0), then for SHARE_MS after it settles.
    const entry = { at: 0, promise };
    this.#flights.set(key, entry);
    void promise.finally(() => {
      entry.at = this.#now();
    });
    return promise;
  }
}

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
      if (!this.#link.ready) {
        this.#link.fellBack('refresh');
        return { outcome: await refresh(), shared: false };
      }
      let won: boolean;
      try {
        won = (await redis.set(key, PENDING, 'PX', this.#lockMs, 'NX')) === 'OK';
      } catch (err) {
        this.#link.fellBack('refresh', err);
        return { outcome: await refresh(), shared: false };
      }
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
