/**
 * Signed-out sessions (issue 19, decision 0115). The session cookie is signed, so it cannot
 * be forged, but a copy of it outlives 로그아웃: replayed, it would still render the member.
 * Each sign-in's session carries an id (`sid`); signing out records that id as revoked until
 * the session could have expired anyway, and a session cookie with a revoked id is a visitor's.
 * With Redis (REDIS_URL) the record is shared, so a sign-out on one instance holds on all;
 * while Redis is away, this instance's memory answers (and counts the fallback).
 */
import { createHash } from 'node:crypto';
import { REDIS_PREFIX, type RedisLink } from '../scale/redis.ts';

export interface SessionRevocations {
  /** Records `sid` as signed out until `untilMs` (epoch ms). */
  revoke(sid: string, untilMs: number): Promise<void>;
  isRevoked(sid: string): Promise<boolean>;
}

/** This process's memory: the revoked ids with their end, pruned as they pass. */
export class MemoryRevocations implements SessionRevocations {
  readonly #until = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async revoke(sid: string, untilMs: number): Promise<void> {
    const now = this.#now();
    // Pruned on write: sign-outs are rare next to reads, and nothing here is on a timer.
    for (const [id, until] of this.#until) if (until <= now) this.#until.delete(id);
    if (untilMs > now) this.#until.set(sid, untilMs);
  }

  async isRevoked(sid: string): Promise<boolean> {
    const until = this.#until.get(sid);
    return until !== undefined && until > this.#now();
  }
}

/** One key per revoked session (a hash of its id), expiring when the session would have. */
export class SharedRevocations implements SessionRevocations {
  readonly #link: RedisLink;
  readonly #local: MemoryRevocations;

  constructor(link: RedisLink, now: () => number = Date.now) {
    this.#link = link;
    this.#local = new MemoryRevocations(now);
  }

  #key(sid: string): string {
    return `${REDIS_PREFIX}revoked-session:${createHash('sha256').update(sid).digest('base64url')}`;
  }

  async revoke(sid: string, untilMs: number): Promise<void> {
    // Always in memory too: this instance stays right while Redis is away.
    await this.#local.revoke(sid, untilMs);
    if (!this.#link.ready) return this.#link.fellBack('session_revocation');
    try {
      await this.#link.client.set(this.#key(sid), '1', 'PXAT', Math.ceil(untilMs));
    } catch (err) {
      this.#link.fellBack('session_revocation', err);
    }
  }

  async isRevoked(sid: string): Promise<boolean> {
    if (await this.#local.isRevoked(sid)) return true;
    if (!this.#link.ready) {
      this.#link.fellBack('session_revocation');
      return false;
    }
    try {
      return (await this.#link.client.exists(this.#key(sid))) === 1;
    } catch (err) {
      this.#link.fellBack('session_revocation', err);
      return false;
    }
  }
}
