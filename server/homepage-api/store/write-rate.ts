/**
 * The member's write rate (docs/product.md §7, the activity writes' 429): the writes logged in
 * a window, counted and forgotten, in the write's own transaction. Part of the activity store
 * (activities.ts).
 */
import type { Database } from './dialect.ts';
import { count, intOrNull } from './rows.ts';

export function writeRateStore(db: Database) {
  // PostgreSQL: forgetting, counting and logging a write in one statement (the count is of the
  // window before this write: a statement does not see its own changes).
  const countAndLogWrite = db.dialect === 'postgres'
    ? db.prepare(
        `WITH pruned AS (DELETE FROM member_writes WHERE member_id = :m AND (written_at <= :since OR written_at > :until)),
              logged AS (INSERT INTO member_writes (member_id, written_at) VALUES (:m, :until))
         SELECT count(*) AS n, min(written_at) AS oldest FROM member_writes WHERE member_id = :m AND written_at > :since AND written_at <= :until`,
      )
    : undefined;
  const pruneWrites = db.prepare('DELETE FROM member_writes WHERE member_id = ? AND (written_at <= ? OR written_at > ?)');
  const recentWrites = db.prepare('SELECT count(*) AS n, min(written_at) AS oldest FROM member_writes WHERE member_id = ?');
  const logWrite = db.prepare('INSERT INTO member_writes (member_id, written_at) VALUES (?, ?)');

  const writesSince = async (memberId: number, since: number, until: number): Promise<{ count: number; oldest: number | null }> => {
    await pruneWrites.run(memberId, since, until);
    const r = await recentWrites.get(memberId);
    return { count: count(r), oldest: r ? intOrNull(r, 'oldest') : null };
  };

  return {
    /**
     * Counts a write towards the member's rate and answers the writes in (since, until] before
     * it (ms: how many, the oldest); others are forgotten. Call in the write's transaction, and
     * roll it back when the answer is over the rate.
     */
    async countAndLogWrite(memberId: number, since: number, until: number): Promise<{ count: number; oldest: number | null }> {
      if (countAndLogWrite) {
        const r = await countAndLogWrite.get({ m: memberId, since, until });
        return { count: count(r), oldest: r ? intOrNull(r, 'oldest') : null };
      }
      const recent = await writesSince(memberId, since, until);
      await logWrite.run(memberId, until);
      return recent;
    },

    /**
     * The member's activity writes in (since, until] (ms): how many, and when the oldest was.
     * Others are forgotten first (older ones, and any after `until` that a clock set back
     * left). Call in the write's transaction.
     */
    writesSince,

    /** Counts a write towards the member's rate. Call in the write's transaction. */
    async logWrite(memberId: number, at: number): Promise<void> {
      await logWrite.run(memberId, at);
    },
  };
}
