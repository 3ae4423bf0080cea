/**
 * The upstream half of 로그아웃 (decision 0024). Signing out asks the homepage API to revoke
 * the session's tokens; when the API is unreachable at that moment, the revocation is not
 * dropped: it waits in an outbox and is tried again — 1 s, 2 s, 4 s … at most a minute apart —
 * until the API confirms it or the tokens have expired anyway.
 *
 * - Without Redis the outbox is this process's memory, kept in a journal under DATA_DIR, so a
 *   restart resumes it.
 * - With Redis (REDIS_URL) it is shared (shared-state/sign-out-outbox.ts): one key per sign-out (`portal:sign-out:<id>`, expiring
 *   with the tokens) and a queue of due times (`portal:sign-out-queue`); every instance polls the
 *   queue and takes a due sign-out with a short claim (`SET NX`), so one instance sends it at a
 *   time. While Redis is away, new sign-outs go to this instance's memory (and journal) and are
 *   sent from there.
 *
 * The tokens are sealed (AES-256-GCM under a key derived from SESSION_SECRET) wherever they
 * wait; nothing of them is logged. Sending one twice is harmless: a revoked family stays revoked.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Journal } from './journal.ts';
import { seal, unseal } from './seal.ts';

/** The tokens of a signed-out session still to be revoked upstream. */
export interface SignOutTokens {
  access?: string;
  refresh?: string;
}

export type SignOutAttempt = 'confirmed' | 'failed' | 'expired';

export interface SignOutOutbox {
  /** Keeps the upstream revocation of `tokens` until the API confirms it, or `untilMs` passes. */
  add(tokens: SignOutTokens, untilMs: number): Promise<void>;
  /** Sign-outs waiting: this instance's, and the shared queue's. */
  pending(): Promise<number>;
  close(): Promise<void>;
}

export interface OutboxOptions {
  /** Asks the API to revoke; true once it confirms (or the tokens can no longer be used). */
  send: (tokens: SignOutTokens) => Promise<boolean>;
  /** Seals the tokens where they wait (derived from SESSION_SECRET). */
  key: Buffer;
  now: () => number;
  log: FastifyBaseLogger;
  /** Told every attempt's outcome (metrics). */
  onAttempt?: (outcome: SignOutAttempt) => void;
  journal?: Journal<OutboxEntry>;
}

interface AddedEntry {
  job: string;
  until: number;
  sealed: string;
}
interface DoneEntry {
  done: string;
}
export type OutboxEntry = AddedEntry | DoneEntry;

function isOutboxEntry(v: unknown): v is OutboxEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e['done'] === 'string' || (typeof e['job'] === 'string' && typeof e['until'] === 'number' && typeof e['sealed'] === 'string');
}

function isTokens(v: unknown): v is SignOutTokens {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  return (t['access'] === undefined || typeof t['access'] === 'string') && (t['refresh'] === undefined || typeof t['refresh'] === 'string');
}

export const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/** The wait before attempt `attempts + 1`. */
export function retryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

interface Job {
  id: string;
  sealed: string;
  until: number;
  attempts: number;
  nextAt: number;
}

/** Sends one sealed sign-out; what became of it. */
export async function attempt(opts: OutboxOptions, sealed: string): Promise<'confirmed' | 'failed' | 'unreadable'> {
  const tokens = unseal(sealed, opts.key, isTokens);
  if (!tokens) return 'unreadable';
  try {
    return (await opts.send(tokens)) ? 'confirmed' : 'failed';
  } catch {
    return 'failed';
  }
}

/** This process's outbox, kept in its journal. */
export class MemoryOutbox implements SignOutOutbox {
  readonly #opts: OutboxOptions;
  readonly #jobs = new Map<string, Job>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #closed = false;

  constructor(opts: OutboxOptions) {
    this.#opts = opts;
    const now = opts.now();
    const entries = opts.journal?.read(isOutboxEntry) ?? [];
    for (const e of entries) {
      if ('done' in e) this.#jobs.delete(e.done);
      else if (e.until > now) this.#jobs.set(e.job, { id: e.job, sealed: e.sealed, until: e.until, attempts: 0, nextAt: now });
    }
    if (this.#jobs.size > 0) opts.log.info({ auth: { event: 'sign-out-outbox-resumed', pending: this.#jobs.size } }, 'sign-outs not yet confirmed upstream are tried again');
    void opts.journal?.compact(this.#live());
    this.#schedule();
  }

  #live(): AddedEntry[] {
    return [...this.#jobs.values()].map((j) => ({ job: j.id, until: j.until, sealed: j.sealed }));
  }

  async add(tokens: SignOutTokens, untilMs: number): Promise<void> {
    const now = this.#opts.now();
    const job: Job = { id: randomUUID(), sealed: seal(tokens, this.#opts.key), until: untilMs, attempts: 0, nextAt: now + FIRST_RETRY_MS };
    this.#jobs.set(job.id, job);
    await this.#opts.journal?.append({ job: job.id, until: job.until, sealed: job.sealed });
    this.#schedule();
  }

  async pending(): Promise<number> {
    return this.#jobs.size;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
    await this.#opts.journal?.flushed();
  }

  #schedule(): void {
    if (this.#closed || this.#running || this.#jobs.size === 0) return;
    clearTimeout(this.#timer);
    const next = Math.min(...[...this.#jobs.values()].map((j) => j.nextAt));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#running = this.#run().finally(() => {
        this.#running = undefined;
        this.#schedule();
      });
    }, Math.max(0, next - this.#opts.now()));
    this.#timer.unref();
  }

  async #run(): Promise<void> {
    for (const job of [...this.#jobs.values()]) {
      if (this.#closed) return;
      const now = this.#opts.now();
      if (job.until <= now) {
        await this.#finish(job, 'expired');
        continue;
      }
      if (job.nextAt > now) continue;
      const outcome = await attempt(this.#opts, job.sealed);
      if (outcome === 'failed') {
        job.attempts += 1;
        job.nextAt = this.#opts.now() + retryDelay(job.attempts);
        this.#opts.onAttempt?.('failed');
        continue;
      }
      if (outcome === 'unreadable') {
        // Sealed under another SESSION_SECRET (it was unset, or rotated): nothing can send it.
        this.#opts.log.warn({ auth: { event: 'sign-out-unreadable' } }, 'a waiting sign-out was sealed with another SESSION_SECRET: dropped');
      }
      await this.#finish(job, outcome === 'confirmed' ? 'confirmed' : 'expired');
    }
    await this.#opts.journal?.compact(this.#live());
  }

  async #finish(job: Job, outcome: 'confirmed' | 'expired'): Promise<void> {
    this.#jobs.delete(job.id);
    await this.#opts.journal?.append({ done: job.id });
    this.#opts.onAttempt?.(outcome);
    if (outcome === 'confirmed') this.#opts.log.info({ auth: { event: 'sign-out-confirmed', attempts: job.attempts + 1 } }, 'sign-out confirmed upstream');
    else this.#opts.log.warn({ auth: { event: 'sign-out-expired', attempts: job.attempts } }, 'sign-out never confirmed upstream: its tokens have expired anyway');
  }
}
