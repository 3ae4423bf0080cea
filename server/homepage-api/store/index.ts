/**
 * The reference API's stores: one per area, each preparing its statements once when it
 * is built. Routes and the programme rules reach the database (SQLite or PostgreSQL) only through these.
 */
import type { Database } from './db.ts';
import { activityStore } from './activities.ts';
import { bookStore } from './books.ts';
import { challengeStore } from './challenges.ts';
import { clubStore } from './clubs.ts';
import { codeStore } from './codes.ts';
import { contentStore } from './content.ts';
import { idempotencyKeyStore } from './idempotency-keys.ts';
import { memberStore } from './members.ts';
import { pointStore } from './points.ts';
import { pushStore } from './push.ts';
import { statisticsStore } from './statistics.ts';
import { tokenStore } from './tokens.ts';

/** What the stores tell as they write (decision 0156). */
export interface StoreEvents {
  /** A member's sign-in state is about to change here: a member row, or one of their sign-ins revoked. */
  authChanging?(memberId: number): void;
}

export function createStores(db: Database, events: StoreEvents = {}) {
  const authChanging = (memberId: number) => events.authChanging?.(memberId);
  const members = memberStore(db, authChanging);
  return {
    /** Runs `fn` in one write transaction; rolls back if it throws (Database.transaction). */
    transaction: <T>(fn: () => Promise<T>): Promise<T> => db.transaction(fn),
    /**
     * A write transaction holding the members' rows first (in member order, so two such
     * transactions never wait on each other in a circle): the programme's checks (limits,
     * caps, duplicates) and its writes for those members are one unit on every instance.
     */
    /** Runs `fn` unless another process runs under the same lock now (Database.exclusive). */
    exclusive: <T>(key: number, fn: () => Promise<T>) => db.exclusive(key, fn),
    forMembers: <T>(memberIds: readonly number[], fn: () => Promise<T>): Promise<T> =>
      db.transaction(async () => {
        // Issued in order, not waited for one by one: on PostgreSQL they travel with BEGIN and
        // the first statements of `fn`, which the server runs only once the locks are held
        // (decision 0137); SQLite runs each as it is issued.
        const locks = Promise.all([...new Set(memberIds)].sort((a, b) => a - b).map((id) => members.lock(id)));
        locks.catch(() => undefined); // awaited below; a failed lock fails what follows it too
        try {
          const out = await fn();
          await locks;
          return out;
        } catch (err) {
          await locks; // a lock's own error first
          throw err;
        }
      }),
    activities: activityStore(db),
    books: bookStore(db),
    challenges: challengeStore(db),
    clubs: clubStore(db),
    codes: codeStore(db),
    content: contentStore(db),
    idempotencyKeys: idempotencyKeyStore(db),
    members,
    points: pointStore(db),
    push: pushStore(db),
    statistics: statisticsStore(db),
    tokens: tokenStore(db, authChanging),
  };
}

export type Stores = ReturnType<typeof createStores>;
