/**
 * Access-token checks kept for a few seconds (decision 0156). A member's page makes five to
 * seven API calls at once, each checking the same access token: on PostgreSQL each check was a
 * statement of its own — half of 마이페이지's. The API instance keeps what a check read (the
 * token's row and its member) and answers the next checks of that token from memory.
 *
 * What keeps it true:
 * - It is on only while the instance listens to the database's `homepage_auth` channel, where
 *   a trigger names the member of every member row changed and every sign-in revoked, whoever
 *   changed it (migration 0016). Hearing a member forgets that member's tokens; losing the
 *   connection forgets everything and turns the keeping off until it listens again.
 * - This instance's own changes (a sign-out, a profile, a penalty) forget the member's tokens at
 *   once and keep none of them until the commit has been heard (at most QUIET_MS): the next
 *   request to this instance never meets the old state, whatever the notification's timing.
 * - A check that began before a change heard meanwhile is answered but not kept (generations).
 * - Expiry is still judged on every request from the kept row (the token's expiry time), and
 *   nothing is kept longer than TTL_MS, so a notification lost without the connection noticing
 *   costs at most that.
 * Another instance's change reaches this one when its commit is heard, a few milliseconds: a
 * request meeting that moment is answered as if it had come just before the change.
 */
import type { AccessWithMember } from '../store/tokens.ts';

/** How long a check is kept. */
const TTL_MS = 10_000;
/** How long this instance keeps nothing of a member it changed, waiting to hear the commit. */
const QUIET_MS = 5_000;
/** At most this many tokens kept; the oldest goes first. */
const MAX_ENTRIES = 20_000;

interface Kept {
  found: AccessWithMember;
  until: number;
}

export class AccessCache {
  readonly #kept = new Map<string, Kept>();
  /** Members changed here whose commit has not been heard yet: until when nothing of theirs is kept. */
  readonly #quiet = new Map<number, number>();
  #generation = 0;
  #on = false;
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Whether checks are kept now (listening). */
  get on(): boolean {
    return this.#on;
  }

  /** How many tokens are kept. */
  get size(): number {
    return this.#kept.size;
  }

  /** The check of the token with this hash: kept, or read with `read` (and kept when it may be). */
  async check(hash: Buffer, read: () => Promise<AccessWithMember | undefined>): Promise<AccessWithMember | undefined> {
    if (!this.#on) return read();
    const key = hash.toString('base64');
    const now = this.#now();
    const kept = this.#kept.get(key);
    if (kept && kept.until > now && !this.#isQuiet(kept.found.token.memberId, now)) return kept.found;
    if (kept) this.#kept.delete(key);
    const generation = this.#generation;
    const found = await read();
    if (found && this.#on && generation === this.#generation && !this.#isQuiet(found.token.memberId, this.#now())) {
      if (this.#kept.size >= MAX_ENTRIES) {
        const oldest = this.#kept.keys().next();
        if (!oldest.done) this.#kept.delete(oldest.value);
      }
      this.#kept.set(key, { found, until: this.#now() + TTL_MS });
    }
    return found;
  }

  /** This instance is changing the member's sign-in state (before its write): forget and wait to hear it. */
  changing(memberId: number): void {
    this.#quiet.set(memberId, this.#now() + QUIET_MS);
    this.#forget(memberId);
  }

  /** A notification: the member's sign-in state changed and was committed. */
  heard(payload: string): void {
    const memberId = Number(payload);
    if (!Number.isSafeInteger(memberId)) {
      this.#forgetAll();
      return;
    }
    this.#quiet.delete(memberId);
    this.#forget(memberId);
  }

  /** Listening: keep checks from now on (nothing from before). */
  listening(): void {
    this.#forgetAll();
    this.#on = true;
  }

  /** Not listening: keep nothing, answer every check from the database. */
  lost(): void {
    this.#on = false;
    this.#forgetAll();
  }

  #isQuiet(memberId: number, now: number): boolean {
    const until = this.#quiet.get(memberId);
    if (until === undefined) return false;
    if (until > now) return true;
    this.#quiet.delete(memberId);
    return false;
  }

  #forget(memberId: number): void {
    this.#generation += 1;
    for (const [key, kept] of this.#kept) if (kept.found.token.memberId === memberId) this.#kept.delete(key);
  }

  #forgetAll(): void {
    this.#generation += 1;
    this.#kept.clear();
  }
}
