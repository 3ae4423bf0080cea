/**
 * Refreshed pairs held for the browser that may not have received them (decision 0142).
 *
 * The portal rotates the refresh token on the member's behalf and sets the new pair on its
 * answer. When that answer is lost (a phone on a bus), the browser still holds the spent token;
 * the API answers its repeat only within its 2 s grace (decision 0114), and later refuses it, so
 * the member was signed out. Only the portal can tell whether the browser got the pair — the
 * portal itself uses the new access token at once — from the cookies the browser sends back.
 *
 * So every pair the portal obtains with a refresh token is held, keyed by that token's hash,
 * until the browser acknowledges it (a request presenting the `pending` cookie set with the pair
 * releases it: one delete per rotation, nothing per request) or for at most REFRESH_HOLD_S,
 * never past the new refresh token's life. A request that presents the old token meanwhile, from
 * the same user agent, gets the held pair again instead of reaching the API. Here the pairs are
 * kept in this process's memory; with REDIS_URL, in Redis (shared-state/held-pairs.ts).
 */
import { hashOf } from './seal.ts';
import type { TokenAnswer } from './refresh-flight.ts';

/** How long a pair is held at most by default: a phone off the network for 10 minutes, and a margin. */
export const HOLD_S_DEFAULT = 900;

/** How many pairs this process holds at most; past it the oldest go (their browsers fall back to the API's grace). */
const MOST_HELD = 20_000;

export interface HeldPairs {
  /** The longest a pair is held (ms); 0: never, the API's grace alone. */
  readonly holdMs: number;
  /** Holds `answer`, the pair `refreshToken` was exchanged for, for the user agent `agent` (a hash). */
  hold(refreshToken: string, answer: TokenAnswer, agent: string): Promise<void>;
  /** The pair held for `refreshToken` and this user agent, its lifetimes counted from now; undefined when none. */
  take(refreshToken: string, agent: string): Promise<TokenAnswer | undefined>;
  /** The browser has the pairs that followed these refresh tokens (their hashes): hold them no longer. */
  release(tokenHashes: readonly string[]): Promise<void>;
}

/** A held pair: the user agent it is for, when the portal got it, and until when it is held (ms). */
export interface Held {
  answer: TokenAnswer;
  agent: string;
  at: number;
  until: number;
}

/** The entry for a pair obtained at `at`: held `holdMs`, never past its refresh token's end. */
export function heldEntry(answer: TokenAnswer, agent: string, at: number, holdMs: number): Held {
  return { answer, agent, at, until: at + Math.min(holdMs, answer.refresh_expires_in * 1000) };
}

/**
 * The held pair for this user agent at `now`, its lifetimes shortened by the time it was held
 * (the cookies set with it must not outlive its tokens; an access token that has expired since
 * lives a second, and the first call refreshes it with the held refresh token).
 */
export function givenAgain(held: Held, agent: string, now: number): TokenAnswer | undefined {
  if (held.agent !== agent || now >= held.until) return undefined;
  const spentS = Math.ceil((now - held.at) / 1000);
  const left = (expiresIn: number) => Math.max(1, expiresIn - spentS);
  return { ...held.answer, access_expires_in: left(held.answer.access_expires_in), refresh_expires_in: left(held.answer.refresh_expires_in) };
}

/** This process's memory: oldest first, so expired entries are swept from the front. */
export class MemoryHeldPairs implements HeldPairs {
  readonly holdMs: number;
  readonly #held = new Map<string, Held>();
  readonly #now: () => number;

  constructor(holdMs: number, now: () => number = Date.now) {
    this.holdMs = holdMs;
    this.#now = now;
  }

  hold(refreshToken: string, answer: TokenAnswer, agent: string): Promise<void> {
    this.put(hashOf(refreshToken), heldEntry(answer, agent, this.#now(), this.holdMs));
    return Promise.resolve();
  }

  /**
   * Keeps an entry under a token's hash (also the fallback of the Redis store). The first pair
   * held for a token stays: a token is exchanged once; a second answer for it is the API's grace
   * repeating that pair, maybe to another agent, which must not take the hold over.
   */
  put(tokenHash: string, held: Held): void {
    if (this.holdMs <= 0) return;
    const now = this.#now();
    if ((this.#held.get(tokenHash)?.until ?? 0) > now) return;
    for (const [key, h] of this.#held) {
      if (h.until > now && this.#held.size < MOST_HELD) break;
      this.#held.delete(key);
    }
    this.#held.delete(tokenHash);
    this.#held.set(tokenHash, held);
  }

  take(refreshToken: string, agent: string): Promise<TokenAnswer | undefined> {
    const held = this.#held.get(hashOf(refreshToken));
    return Promise.resolve(held && givenAgain(held, agent, this.#now()));
  }

  release(tokenHashes: readonly string[]): Promise<void> {
    for (const h of tokenHashes) this.#held.delete(h);
    return Promise.resolve();
  }
}
