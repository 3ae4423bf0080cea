/**
 * Every instance hears every sign-out (decision 0160), so that a request's signed-out check
 * asks nobody: each write of marks to Redis also publishes them on `portal:revocations`, in the
 * same MULTI (a mark is never heard before it is stored), and each instance keeps what it hears.
 *
 * What keeps it true:
 * - It answers "not signed out" alone only while **listening**: subscribed (confirmed) and
 *   caught up — after each subscription, every `portal:revoked-*` key already in Redis is read
 *   (SCAN, with its end from PEXPIRETIME). A mark written before the subscription is found by
 *   the catch-up; one written after it is heard. Losing the listening connection ends listening
 *   at once, and the next subscription catches up again.
 * - Marks heard are kept until their end, even while not listening: a mark is true until then
 *   whoever asks, so it only ever refuses; while not listening, a check that finds nothing here
 *   asks Redis as before.
 * - At most `cap` marks: beyond it the instance keeps none (their memory freed), asks Redis on
 *   every check, says so once, and tries a catch-up again every RECHECK_MS.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MarkEntry } from '../auth/revocations.ts';
import { REDIS_PREFIX, type RedisLink } from './redis.ts';

/** The channel every write of marks is published on. */
export const REVOCATIONS_CHANNEL = `${REDIS_PREFIX}revocations`;
/** The keys of marks; the mark is what follows `revoked-` (`session:<hash>`, `token:<hash>`). */
export const MARK_KEY_PREFIX = `${REDIS_PREFIX}revoked-`;
/** At most this many marks heard (about 150 bytes each); beyond, every check asks Redis. */
export const HEARD_CAP = 200_000;
/** Keys asked per SCAN step during a catch-up. */
const SCAN_COUNT = 1_000;
/** A catch-up that failed (Redis away from the link) is tried again after this. */
const CATCH_UP_RETRY_MS = 1_000;
/** Over the cap, a catch-up is tried again after this (marks expire; sign-outs are rare). */
const RECHECK_MS = 60 * 60 * 1000;

/** What a write publishes: the marks with their end, `[[mark, until], …]`. */
export function encodeMarks(entries: readonly MarkEntry[]): string {
  return JSON.stringify(entries.map((e) => [e.mark, Math.ceil(e.until)]));
}

function decodeMarks(payload: string): [string, number][] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const marks: [string, number][] = [];
  for (const item of parsed as unknown[]) {
    if (!Array.isArray(item) || typeof item[0] !== 'string' || typeof item[1] !== 'number') return undefined;
    marks.push([item[0], item[1]]);
  }
  return marks;
}

export interface RevocationFeedOptions {
  now: () => number;
  /** At most this many marks kept (HEARD_CAP). */
  cap?: number;
}

export class RevocationFeed {
  readonly #link: RedisLink;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  readonly #cap: number;
  /** Marks heard or caught up, with their end (epoch ms, as written). */
  readonly #heard = new Map<string, number>();
  #subscribed = false;
  #caughtUp = false;
  #overCap = false;
  /** Over the cap was logged, and listening has not started since. */
  #saidOverCap = false;
  /** Each subscription's number: a catch-up of an earlier one stops. */
  #round = 0;
  #retry: NodeJS.Timeout | undefined;

  constructor(link: RedisLink, log: FastifyBaseLogger, opts: RevocationFeedOptions) {
    this.#link = link;
    this.#log = log;
    this.#now = opts.now;
    this.#cap = opts.cap ?? HEARD_CAP;
    link.listen(REVOCATIONS_CHANNEL, {
      listening: () => this.#subscribedAgain(),
      message: (payload) => this.#hear(payload),
      lost: (reason) => this.#lost(reason),
      closed: () => this.#stop(),
    });
  }

  /** Whether a mark not found here is not signed out, with no need to ask Redis. */
  get listening(): boolean {
    return this.#subscribed && this.#caughtUp && !this.#overCap;
  }

  /** How many marks are kept (expired ones included until the next prune). */
  get size(): number {
    return this.#heard.size;
  }

  has(ids: readonly string[]): boolean {
    if (this.#heard.size === 0) return false;
    const now = this.#now();
    return ids.some((id) => (this.#heard.get(id) ?? 0) > now);
  }

  #subscribedAgain(): void {
    this.#round += 1;
    this.#subscribed = true;
    this.#caughtUp = false;
    void this.#catchUp(this.#round, true);
  }

  #lost(reason: string): void {
    const was = this.listening;
    this.#stop();
    if (was) {
      this.#log.warn(
        { auth: { event: 'revocations-not-listening', reason } },
        'not listening for sign-outs: signed-out checks ask Redis until listening again',
      );
    }
  }

  /** Not subscribed: a catch-up under way stops, none is tried again until the next subscription. */
  #stop(): void {
    this.#round += 1;
    this.#subscribed = false;
    this.#caughtUp = false;
    clearTimeout(this.#retry);
  }

  #hear(payload: string): void {
    const marks = decodeMarks(payload);
    if (!marks) {
      // Something on the channel this instance cannot read: it may have missed a mark.
      this.#log.warn({ auth: { event: 'revocations-unreadable' } }, 'an unreadable message on the sign-out channel: catching up again');
      if (this.#subscribed) this.#subscribedAgain();
      return;
    }
    for (const [mark, until] of marks) this.#keep(mark, until);
  }

  /** Keeps one mark; false once over the cap. */
  #keep(mark: string, until: number): boolean {
    if (this.#overCap) return false;
    this.#heard.set(mark, Math.max(until, this.#heard.get(mark) ?? 0));
    if (this.#heard.size <= this.#cap) return true;
    // Pruned only here (and by nothing on a timer): expired marks cost memory, never a wrong answer.
    const now = this.#now();
    for (const [id, end] of this.#heard) if (end <= now) this.#heard.delete(id);
    if (this.#heard.size <= this.#cap) return true;
    this.#overCap = true;
    this.#heard.clear();
    if (!this.#saidOverCap) {
      this.#saidOverCap = true;
      this.#log.warn(
        { auth: { event: 'revocations-over-cap', cap: this.#cap } },
        'more signed-out sessions than this instance keeps in memory: each check asks Redis',
      );
    }
    this.#later(this.#round, RECHECK_MS);
    return false;
  }

  /** Reads every mark already in Redis; then, unless over the cap, listening. */
  async #catchUp(round: number, first: boolean): Promise<void> {
    const started = performance.now();
    // Not listening until this one is done (after the cap, what was dropped meanwhile is read again).
    this.#caughtUp = false;
    this.#overCap = false;
    let found = 0;
    try {
      const redis = this.#link.client;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${MARK_KEY_PREFIX}*`, 'COUNT', SCAN_COUNT);
        if (round !== this.#round) return;
        cursor = next;
        if (keys.length === 0) continue;
        const ends = redis.pipeline();
        for (const key of keys) ends.pexpiretime(key);
        const replies = (await ends.exec()) ?? [];
        if (round !== this.#round) return;
        for (const [i, key] of keys.entries()) {
          const [err, end] = replies[i] ?? [];
          if (err) throw err;
          // -2: gone meanwhile; -1: no end (never written so; kept while this process lives).
          if (typeof end !== 'number' || end === -2) continue;
          found += 1;
          if (!this.#keep(key.slice(MARK_KEY_PREFIX.length), end === -1 ? Number.POSITIVE_INFINITY : end)) return;
        }
      } while (cursor !== '0');
    } catch (err) {
      if (round !== this.#round) return;
      if (first) {
        this.#log.warn(
          { auth: { event: 'revocations-catch-up-failed' }, err: { message: err instanceof Error ? err.message : String(err) } },
          'could not read the signed-out sessions in Redis: checks ask Redis, tried again every second',
        );
      }
      this.#later(round, CATCH_UP_RETRY_MS, false);
      return;
    }
    this.#caughtUp = true;
    this.#saidOverCap = false;
    this.#log.info(
      { auth: { event: 'revocations-listening', found, kept: this.#heard.size, ms: Math.round(performance.now() - started) } },
      'listening for sign-outs: signed-out checks answered from memory',
    );
  }

  /** Another catch-up of this subscription after `ms`, if it is still the current one. */
  #later(round: number, ms: number, first = true): void {
    clearTimeout(this.#retry);
    this.#retry = setTimeout(() => {
      if (round === this.#round && this.#subscribed) void this.#catchUp(round, first);
    }, ms);
    this.#retry.unref();
  }
}
