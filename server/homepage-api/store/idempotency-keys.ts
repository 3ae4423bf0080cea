/**
 * Writes' Idempotency-Keys (decision 0141): per member, the request's fingerprint and the first
 * answer, kept for a day. Read and written inside the write's own transaction
 * (idempotency.ts); on PostgreSQL a transaction-scoped advisory lock on the (member, key) says
 * whether another instance is running the same write now.
 */
import { createHash } from 'node:crypto';
import type { Database } from './dialect.ts';
import { int, str } from './rows.ts';

/** The first answer to a key: what a repeat gets again. */
export interface KeptAnswer {
  fingerprint: string;
  status: number;
  /** The answer's JSON text as it was sent. */
  answer: string;
}

/** A signed 64-bit advisory lock key for (member, key): the first 8 bytes of their SHA-256. */
function lockKey(memberId: number, key: string): bigint {
  return createHash('sha256').update(`idempotency\0${memberId}\0${key}`).digest().readBigInt64BE(0);
}

export function idempotencyKeyStore(db: Database) {
  // Tried, never waited for: held by another transaction means the same write is running there.
  // Released with the transaction, so a repeat after the commit gets the lock and sees the row.
  const tryLock = db.dialect === 'postgres' ? db.prepare('SELECT pg_try_advisory_xact_lock(?::bigint) AS locked') : undefined;
  const find = db.prepare('SELECT fingerprint, status, answer FROM idempotency_keys WHERE member_id = ? AND idem_key = ? AND created_at > ?');
  // An expired row of the same key (not swept yet) gives way to the new write.
  const save = db.prepare(
    `INSERT INTO idempotency_keys (member_id, idem_key, fingerprint, status, answer, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (member_id, idem_key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
       answer = excluded.answer, created_at = excluded.created_at`,
  );
  const sweep = db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?');

  return {
    /**
     * Inside the write's transaction: false when another transaction holds the (member, key)
     * (PostgreSQL); SQLite's write transactions run one at a time, so it is always free there.
     */
    async lock(memberId: number, key: string): Promise<boolean> {
      if (!tryLock) return true;
      const r = await tryLock.get(lockKey(memberId, key));
      return r?.['locked'] === true;
    },

    /** The first answer to the member's key, if it was given after `since` (ms). */
    async find(memberId: number, key: string, since: number): Promise<KeptAnswer | undefined> {
      const r = await find.get(memberId, key, since);
      return r && { fingerprint: str(r, 'fingerprint'), status: int(r, 'status'), answer: str(r, 'answer') };
    },

    /** Keeps the first answer to the member's key. Call in the write's transaction. */
    async save(memberId: number, key: string, kept: KeptAnswer, at: number): Promise<void> {
      await save.run(memberId, key, kept.fingerprint, kept.status, kept.answer, at);
    },

    /** Forgets the keys given at or before `until` (ms); answers how many. */
    async sweep(until: number): Promise<number> {
      return (await sweep.run(until)).changes;
    },
  };
}
