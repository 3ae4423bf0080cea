/**
 * Signed-out sessions (decisions 0115 and 0024). The session cookie is signed, so it cannot be
 * forged, but a copy of it — and of the token cookies beside it — outlives 로그아웃: replayed,
 * it would still render the member, and while the API has not revoked the tokens (it was
 * unreachable at that moment), it would still read, write and refresh through the portal.
 * So signing out records the session's id **and the SHA-256 of its access and refresh
 * tokens**, each until the session could have ended anyway; a request that presents any of
 * them is a visitor's, on every route (pages, the gateway, the token routes, auto login). A
 * replay that drops the session cookie is caught by its tokens.
 *
 * Where the record lives: this process's memory, kept in a journal file under DATA_DIR for
 * the next start; with Redis (REDIS_URL), also one key per mark (shared-state/revocations.ts), so a sign-out on one instance
 * holds on all; each instance hears every sign-out as it is stored, and while it does, checks
 * from memory alone (shared-state/revocation-feed.ts, decision 0160). While Redis is away this instance's memory answers (and counts the fallback);
 * each time Redis is back, every mark this instance holds is written to it again, so the other
 * instances learn of a sign-out made during the outage, and a Redis that restarted empty is
 * filled again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Journal } from './journal.ts';
import { hashOf } from './seal.ts';

/** What a request presents of a session: its id and its tokens. */
export interface SessionMarks {
  sid?: string | undefined;
  access?: string | undefined;
  refresh?: string | undefined;
}

export interface SessionRevocations {
  /** Records the session's id and tokens as signed out until `untilMs` (epoch ms). */
  revoke(marks: SessionMarks, untilMs: number): Promise<void>;
  /** Whether any of them is signed out. */
  isRevoked(marks: SessionMarks): Promise<boolean>;
}

/**
 * The hashes of the secrets checked lately: every request of a member checks its session's three
 * marks, the same three until a token is refreshed (three SHA-256 a request, ~2 µs of a gateway
 * call; issue 41). This process's memory only, the least recently checked let go past 4,096 (as
 * the signed session cookies' checks are kept, auth/cookies.ts).
 */
const hashed = new LRUCache<string, string>({ max: 4096 });

function markHash(secret: string): string {
  let h = hashed.get(secret);
  if (h === undefined) {
    h = hashOf(secret);
    hashed.set(secret, h);
  }
  return h;
}

/** The names a session's marks are kept under: never the id or a token itself. */
export function markIds(marks: SessionMarks): string[] {
  const ids: string[] = [];
  if (marks.sid) ids.push(`session:${markHash(marks.sid)}`);
  for (const token of [marks.access, marks.refresh]) if (token) ids.push(`token:${markHash(token)}`);
  return ids;
}

export interface MarkEntry {
  mark: string;
  until: number;
}

function isMarkEntry(v: unknown): v is MarkEntry {
  return typeof v === 'object' && v !== null && typeof (v as MarkEntry).mark === 'string' && typeof (v as MarkEntry).until === 'number';
}

/** This process's memory (and its journal): the marks with their end, pruned as they pass. */
export class MemoryRevocations implements SessionRevocations {
  readonly #until = new Map<string, number>();
  readonly #now: () => number;
  readonly #journal: Journal<MarkEntry> | undefined;

  constructor(now: () => number = Date.now, journal?: Journal<MarkEntry>) {
    this.#now = now;
    this.#journal = journal;
    if (journal) {
      const t = now();
      for (const e of journal.read(isMarkEntry)) if (e.until > t) this.#until.set(e.mark, Math.max(e.until, this.#until.get(e.mark) ?? 0));
      void journal.compact(this.entries());
    }
  }

  async revoke(marks: SessionMarks, untilMs: number): Promise<void> {
    await this.add(markIds(marks), untilMs);
  }

  async isRevoked(marks: SessionMarks): Promise<boolean> {
    return this.has(markIds(marks));
  }

  async add(ids: readonly string[], untilMs: number): Promise<void> {
    const now = this.#now();
    if (untilMs <= now) return;
    // Pruned on write: sign-outs are rare next to reads, and nothing here is on a timer.
    for (const [id, until] of this.#until) if (until <= now) this.#until.delete(id);
    for (const mark of ids) this.#until.set(mark, untilMs);
    await this.#journal?.append(...ids.map((mark) => ({ mark, until: untilMs })));
    await this.#journal?.compact(this.entries());
  }

  has(ids: readonly string[]): boolean {
    const now = this.#now();
    return ids.some((id) => (this.#until.get(id) ?? 0) > now);
  }

  /** The live marks. */
  entries(): MarkEntry[] {
    const now = this.#now();
    return [...this.#until].filter(([, until]) => until > now).map(([mark, until]) => ({ mark, until }));
  }
}

/** A journal of signed-out sessions in `dataDir` (undefined: memory only). */
export function revocationJournal(file: string | undefined, log: FastifyBaseLogger): Journal<MarkEntry> {
  return new Journal<MarkEntry>(file, log);
}
