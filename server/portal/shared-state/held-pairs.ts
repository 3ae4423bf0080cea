/**
 * Refreshed pairs held until the browser acknowledges them, shared by every instance through
 * Redis (decision 0142; auth/held-pairs.ts says what and why): a browser whose answer was lost
 * on A and whose retry lands on B gets the pair again there, and an acknowledgement on B ends
 * the hold on A too. One key per spent refresh token, `portal:held:<sha256(token)>`, expiring
 * with the hold; the value sealed (AES-256-GCM) under a key derived from the spent token, so
 * only a request presenting it can open it and Redis alone gives nothing away.
 *
 * While Redis is away this instance's memory holds and answers instead (decision 0020); a
 * browser whose retry lands on another instance during the outage is refused as before.
 */
import { givenAgain, heldEntry, MemoryHeldPairs, type Held, type HeldPairs } from '../auth/held-pairs.ts';
import type { TokenAnswer } from '../auth/refresh-flight.ts';
import { hashOf, seal, sealKey, unseal } from '../auth/seal.ts';
import { REDIS_PREFIX, type RedisLink } from './redis.ts';
import { redisElseMemory } from './redis-else-memory.ts';

const keyOf = (tokenHash: string) => `${REDIS_PREFIX}held:${tokenHash}`;
const secretOf = (refreshToken: string) => sealKey(refreshToken, 'portal held pair v1');

function isHeld(v: unknown): v is Held {
  if (typeof v !== 'object' || v === null) return false;
  const h = v as Record<string, unknown>;
  const answer = h['answer'] as Record<string, unknown> | null | undefined;
  return (
    typeof h['agent'] === 'string' &&
    typeof h['at'] === 'number' &&
    typeof h['until'] === 'number' &&
    typeof answer?.['access_token'] === 'string' &&
    typeof answer['refresh_token'] === 'string'
  );
}

export class SharedHeldPairs implements HeldPairs {
  readonly holdMs: number;
  readonly #link: RedisLink;
  readonly #now: () => number;
  readonly #local: MemoryHeldPairs;

  constructor(link: RedisLink, holdMs: number, now: () => number = Date.now) {
    this.holdMs = holdMs;
    this.#link = link;
    this.#now = now;
    this.#local = new MemoryHeldPairs(holdMs, now);
  }

  async hold(refreshToken: string, answer: TokenAnswer, agent: string): Promise<void> {
    if (this.holdMs <= 0) return;
    const tokenHash = hashOf(refreshToken);
    const held = heldEntry(answer, agent, this.#now(), this.holdMs);
    await redisElseMemory(
      this.#link,
      'refresh',
      async (r) => {
        // NX: the first pair held for a token stays (MemoryHeldPairs.put says why).
        await r.set(keyOf(tokenHash), seal(held, secretOf(refreshToken)), 'PX', Math.max(1, held.until - held.at), 'NX');
      },
      () => this.#local.put(tokenHash, held),
    );
  }

  async take(refreshToken: string, agent: string): Promise<TokenAnswer | undefined> {
    if (this.holdMs <= 0) return undefined;
    return await redisElseMemory(
      this.#link,
      'refresh',
      async (r) => {
        const value = await r.get(keyOf(hashOf(refreshToken)));
        const held = value === null ? undefined : unseal(value, secretOf(refreshToken), isHeld);
        return held && givenAgain(held, agent, this.#now());
      },
      () => this.#local.take(refreshToken, agent),
    );
  }

  async release(tokenHashes: readonly string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    // What was held here during an outage goes too.
    await this.#local.release(tokenHashes);
    await redisElseMemory(
      this.#link,
      'refresh',
      async (r) => {
        await r.del(...tokenHashes.map(keyOf));
      },
      () => undefined,
    );
  }
}
