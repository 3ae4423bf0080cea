/**
 * Signed-out sessions shared by every instance through Redis (decisions 0115 and 0024; the
 * whole story is in auth/revocations.ts): each mark in this instance's memory and journal too,
 * written again to Redis each time it is back. Every write is also published, and while this
 * instance hears them all (revocation-feed.ts, decision 0160) a check asks Redis nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Journal } from '../auth/journal.ts';
import { markIds, MemoryRevocations, type MarkEntry, type SessionMarks, type SessionRevocations } from '../auth/revocations.ts';
import type { RedisLink } from './redis.ts';
import { redisElseMemory } from './redis-else-memory.ts';
import { encodeMarks, MARK_KEY_PREFIX, RevocationFeed, REVOCATIONS_CHANNEL } from './revocation-feed.ts';

const BATCH = 500;

/** One key per mark (`portal:revoked-session:<hash>`, `portal:revoked-token:<hash>`), expiring when the session would have. */
export class SharedRevocations implements SessionRevocations {
  readonly #link: RedisLink;
  readonly #local: MemoryRevocations;
  readonly #log: FastifyBaseLogger;
  /** Every instance's marks, as heard. */
  readonly #feed: RevocationFeed;

  constructor(link: RedisLink, log: FastifyBaseLogger, opts: { now?: () => number; journal?: Journal<MarkEntry>; cap?: number } = {}) {
    const now = opts.now ?? Date.now;
    this.#link = link;
    this.#log = log;
    this.#local = new MemoryRevocations(now, opts.journal);
    this.#feed = new RevocationFeed(link, log, { now, ...(opts.cap === undefined ? {} : { cap: opts.cap }) });
    // Marks kept from before a restart reach Redis now (it may have restarted too), and again after every outage.
    if (link.ready) void this.#rewrite();
    link.onReady(() => void this.#rewrite());
  }

  #key(id: string): string {
    return `${MARK_KEY_PREFIX}${id}`;
  }

  /** Whether a check that finds no mark in memory is answered without Redis (metrics, tests). */
  get listening(): boolean {
    return this.#feed.listening;
  }

  /** How many marks heard are kept. */
  get heard(): number {
    return this.#feed.size;
  }

  async revoke(marks: SessionMarks, untilMs: number): Promise<void> {
    const ids = markIds(marks);
    // Always in memory (and the journal) too: this instance stays right while Redis is away,
    // and writes them again when it is back.
    await this.#local.add(ids, untilMs);
    await this.#write(ids.map((mark) => ({ mark, until: untilMs })));
  }

  async isRevoked(marks: SessionMarks): Promise<boolean> {
    const ids = markIds(marks);
    if (ids.length === 0) return false;
    if (this.#local.has(ids) || this.#feed.has(ids)) return true;
    // Listening: every mark in Redis is here too.
    if (this.#feed.listening) return false;
    return redisElseMemory(
      this.#link,
      'session_revocation',
      // One round trip for the id and both tokens.
      async (redis) => (await redis.exists(...ids.map((id) => this.#key(id)))) > 0,
      () => false,
    );
  }

  /** Writes marks to Redis; false when Redis could not take them (they stay in memory). */
  async #write(entries: readonly MarkEntry[]): Promise<boolean> {
    if (entries.length === 0) return true;
    return redisElseMemory(
      this.#link,
      'session_revocation',
      async (redis) => {
        for (let i = 0; i < entries.length; i += BATCH) {
          const batch = redis.multi();
          const slice = entries.slice(i, i + BATCH);
          for (const e of slice) batch.set(this.#key(e.mark), '1', 'PXAT', Math.ceil(e.until));
          // In the same MULTI, after the keys: no instance hears a mark before a catch-up could find it.
          batch.publish(REVOCATIONS_CHANNEL, encodeMarks(slice));
          await batch.exec();
        }
        return true;
      },
      () => false,
    );
  }

  /** Redis is (back) up: every mark this instance holds, written again. */
  async #rewrite(): Promise<void> {
    const entries = this.#local.entries();
    if (entries.length === 0) return;
    if (await this.#write(entries)) {
      this.#log.info({ auth: { event: 'revocations-rewritten', marks: entries.length } }, 'signed-out sessions written to Redis again');
    }
  }
}
