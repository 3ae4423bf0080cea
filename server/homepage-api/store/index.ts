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
import { memberStore } from './members.ts';
import { pointStore } from './points.ts';
import { pushStore } from './push.ts';
import { statisticsStore } from './statistics.ts';
import { tokenStore } from './tokens.ts';

export function createStores(db: Database) {
  return {
    /** Runs `fn` in one write transaction; rolls back if it throws (Database.transaction). */
    transaction: <T>(fn: () => Promise<T>): Promise<T> => db.transaction(fn),
    activities: activityStore(db),
    books: bookStore(db),
    challenges: challengeStore(db),
    clubs: clubStore(db),
    codes: codeStore(db),
    content: contentStore(db),
    members: memberStore(db),
    points: pointStore(db),
    push: pushStore(db),
    statistics: statisticsStore(db),
    tokens: tokenStore(db),
  };
}

export type Stores = ReturnType<typeof createStores>;
