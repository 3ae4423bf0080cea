/** A throwaway in-memory database with its stores, seeded (or not) as of a fixed day. */
import { openDatabase, type Database } from '#server/homepage-api/store/db.ts';
import { createStores, type Stores } from '#server/homepage-api/store/index.ts';
import { seed } from '#server/homepage-api/seed/index.ts';
import { resolveSettings } from '#server/homepage-api/settings.ts';

export const SEED_NOW = '2026-11-21T10:00:00+09:00';

export interface StoreDb {
  db: Database;
  stores: Stores;
  close(): Promise<void>;
}

export async function storeDb(opts: { seed?: boolean; now?: string } = {}): Promise<StoreDb> {
  const db = await openDatabase(':memory:');
  const stores = createStores(db);
  if (opts.seed ?? true) await seed(db, resolveSettings({ clock: () => Date.parse(opts.now ?? SEED_NOW), random: () => 0.5 }), stores);
  return { db, stores, close: () => db.close() };
}

/** reader02 (member 2) has no seeded activity. */
export const QUIET_MEMBER = 2;
