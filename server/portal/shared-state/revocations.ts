/**
 * Signed-out sessions shared by every instance through Redis (decisions 0115 and 0024; the
 * whole story is in auth/revocations.ts): each mark in this instance's memory and journal too,
 * written again to Redis each time it is back.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Journal } from '../auth/journal.ts';
import { markIds, MemoryRevocations, type MarkEntry, type SessionMarks, type SessionRevocations } from '../auth/revocations.ts';
import { REDIS_PREFIX, type RedisLink } from './redis.ts';
import { redisElseMemory } from './redis-else-memory.ts';

const BATCH = 500;

/** One key per mark (`portal:revoked-session:<hash>`, `portal:revoked-token:<hash>`), expiring when the session would have. */
export class SharedRevocations implements SessionRevocations {
  readonly #link: RedisLink;
  readonly #local: MemoryRevocations;
  readonly #log: FastifyBaseLogger;

  constructor(link: RedisLink, log: FastifyBaseLogger, now: () => number = Date.now, journal?: Journal<MarkEntry>) {
    this.#link = link;
    this.#log = log;
    this.#local = new MemoryRevocations(now, journal);
    // Marks kept from before a restart reach Redis now (it may have restarted too), and again after every outage.
    if (link.ready) void this.#rewrite();
    link.onReady(() => void this.#rewrite());
  }

  #key(id: string): string {
    const [kind, hash] = id.split(':');
    return `${REDIS_PREFIX}revoked-${kind}:${hash}`;
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
    if (this.#local.has(ids)) return true;
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
          for (const e of entries.slice(i, i + BATCH)) batch.set(this.#key(e.mark), '1', 'PXAT', Math.ceil(e.until));
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
