/**
 * The sign-out outbox in Redis, shared by every instance (decision 0024; auth/sign-out-outbox.ts
 * says how it retries and seals): one key per sign-out and a queue of due times; this
 * instance's memory outbox while Redis is away.
 */
import { randomUUID } from 'node:crypto';
import { attempt, FIRST_RETRY_MS, MemoryOutbox, retryDelay, type OutboxOptions, type SignOutOutbox, type SignOutTokens } from '../auth/sign-out-outbox.ts';
import { seal } from '../auth/seal.ts';
import { REDIS_PREFIX, type RedisLink } from './redis.ts';
import { redisElseMemory } from './redis-else-memory.ts';

const QUEUE = `${REDIS_PREFIX}sign-out-queue`;
const jobKey = (id: string) => `${REDIS_PREFIX}sign-out:${id}`;
const claimKey = (id: string) => `${REDIS_PREFIX}sign-out-claim:${id}`;
/** How often every instance looks at the shared queue. */
const POLL_MS = 2_000;
/** How long one instance holds a sign-out it is sending (longer than a homepage call). */
const CLAIM_MS = 30_000;

/** The outbox in Redis, shared by every instance; this instance's memory while Redis is away. */
export class SharedOutbox implements SignOutOutbox {
  readonly #link: RedisLink;
  readonly #opts: OutboxOptions;
  readonly #local: MemoryOutbox;
  /** Attempts per sign-out, as this instance saw them (the backoff). */
  readonly #attempts = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #closed = false;

  constructor(link: RedisLink, opts: OutboxOptions) {
    this.#link = link;
    this.#opts = opts;
    this.#local = new MemoryOutbox(opts);
    this.#poll(POLL_MS);
  }

  async add(tokens: SignOutTokens, untilMs: number): Promise<void> {
    await redisElseMemory(
      this.#link,
      'sign_out_outbox',
      async (redis) => {
        const id = randomUUID();
        await redis
          .multi()
          .set(jobKey(id), seal(tokens, this.#opts.key), 'PXAT', Math.ceil(untilMs))
          .zadd(QUEUE, this.#opts.now() + FIRST_RETRY_MS, id)
          .pexpireat(QUEUE, Math.ceil(untilMs), 'GT')
          .exec();
      },
      () => this.#local.add(tokens, untilMs),
    );
  }

  async pending(): Promise<number> {
    const local = await this.#local.pending();
    if (!this.#link.ready) return local;
    try {
      return local + (await this.#link.client.zcard(QUEUE));
    } catch {
      return local;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#running;
    await this.#local.close();
  }

  #poll(delayMs: number): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#running = this.#drain().finally(() => {
        this.#running = undefined;
        this.#poll(POLL_MS);
      });
    }, delayMs);
    this.#timer.unref();
  }

  async #drain(): Promise<void> {
    if (!this.#link.ready) return;
    const redis = this.#link.client;
    try {
      const due = await redis.zrangebyscore(QUEUE, '-inf', this.#opts.now(), 'LIMIT', 0, 20);
      for (const id of due) {
        if (this.#closed) return;
        if ((await redis.set(claimKey(id), '1', 'PX', CLAIM_MS, 'NX')) !== 'OK') continue;
        const sealed = await redis.get(jobKey(id));
        const outcome = sealed === null ? 'gone' : await attempt(this.#opts, sealed);
        if (outcome === 'failed') {
          const attempts = (this.#attempts.get(id) ?? 0) + 1;
          this.#attempts.set(id, attempts);
          await redis.multi().zadd(QUEUE, 'XX', this.#opts.now() + retryDelay(attempts), id).del(claimKey(id)).exec();
          this.#opts.onAttempt?.('failed');
          continue;
        }
        await redis.multi().del(jobKey(id)).zrem(QUEUE, id).del(claimKey(id)).exec();
        this.#attempts.delete(id);
        if (outcome === 'confirmed') {
          this.#opts.onAttempt?.('confirmed');
          this.#opts.log.info({ auth: { event: 'sign-out-confirmed' } }, 'sign-out confirmed upstream');
        } else {
          // Its key expired with its tokens (or it was sealed under another SESSION_SECRET).
          this.#opts.onAttempt?.('expired');
          this.#opts.log.warn({ auth: { event: 'sign-out-expired' } }, 'sign-out never confirmed upstream: its tokens have expired anyway');
        }
      }
    } catch (err) {
      this.#link.fellBack('sign_out_outbox', err);
    }
  }
}
