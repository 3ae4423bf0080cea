/**
 * One refresh per refresh token (decisions 0007 and 0020). The API rotates refresh
 * tokens and revokes the whole sign-in when a spent one comes back, so concurrent
 * requests of one member that all found the access token expired must spend it once
 * and share the answer — within one process (memory, here) and, with REDIS_URL, across
 * instances (shared-state/refresh-flight.ts):
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
import { hashOf } from './seal.ts';

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
