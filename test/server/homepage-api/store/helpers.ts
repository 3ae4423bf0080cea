/**
 * A throwaway database with its stores, seeded (or not) as of a fixed day, on SQLite (in
 * memory) or PostgreSQL (a database of its own in this file's test cluster, copied from a
 * template seeded once). `dialectTest` runs a test once per dialect (decision 0109).
 */
import tap, { type Test } from 'tap';
import { openDatabase, type Database, type Dialect } from '#server/homepage-api/store/db.ts';
import { createStores, type Stores } from '#server/homepage-api/store/index.ts';
import { seed } from '#server/homepage-api/seed/index.ts';
import { resolveSettings } from '#server/homepage-api/settings.ts';
import { startPostgres, type PgCluster } from '#test/fixtures/postgres.ts';

export const SEED_NOW = '2026-11-21T10:00:00+09:00';
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

export interface StoreDb {
  db: Database;
  stores: Stores;
  close(): Promise<void>;
}

export interface StoreDbOptions {
  seed?: boolean;
  now?: string;
  dialect?: Dialect;
}

let cluster: Promise<PgCluster> | undefined;

/** This test file's PostgreSQL cluster, started on first use and stopped when the file ends. */
export function testCluster(): Promise<PgCluster> {
  if (!cluster) {
    cluster = startPostgres({ fsync: false });
    tap.teardown(async () => (await cluster)?.stop());
  }
  return cluster;
}

const templates = new Map<string, Promise<string>>();

/** A database name seeded once as of `now` (or only migrated), to copy with CREATE DATABASE … TEMPLATE. */
function template(pg: PgCluster, seeded: boolean, now: string): Promise<string> {
  const key = seeded ? now : 'empty';
  let name = templates.get(key);
  if (!name) {
    name = (async () => {
      const url = await pg.createDatabase();
      const db = await openDatabase({ file: ':memory:', url });
      if (seeded) await seed(db, resolveSettings({ clock: () => Date.parse(now), random: () => 0.5 }), createStores(db));
      await db.close();
      return new URL(url).pathname.slice(1);
    })();
    templates.set(key, name);
  }
  return name;
}

/** The URL of a fresh PostgreSQL database of the test cluster, seeded as of `now` unless `seed` is false. */
export async function pgDatabaseUrl(opts: { seed?: boolean; now?: string } = {}): Promise<string> {
  const pg = await testCluster();
  return pg.createDatabase(await template(pg, opts.seed ?? true, opts.now ?? SEED_NOW));
}

export async function storeDb(opts: StoreDbOptions = {}): Promise<StoreDb> {
  if (opts.dialect === 'postgres') {
    const db = await openDatabase({ file: ':memory:', url: await pgDatabaseUrl(opts) });
    return { db, stores: createStores(db), close: () => db.close() };
  }
  const db = await openDatabase(':memory:');
  const stores = createStores(db);
  if (opts.seed ?? true) await seed(db, resolveSettings({ clock: () => Date.parse(opts.now ?? SEED_NOW), random: () => 0.5 }), stores);
  return { db, stores, close: () => db.close() };
}

type Open = (opts?: Omit<StoreDbOptions, 'dialect'>) => Promise<StoreDb>;

/** Defines the test once per dialect; `open` gives that dialect's database. */
export function dialectTest(name: string, fn: (t: Test, open: Open, dialect: Dialect) => Promise<void>): void {
  for (const dialect of DIALECTS) {
    void tap.test(`${name} [${dialect}]`, (t) => fn(t, (opts = {}) => storeDb({ ...opts, dialect }), dialect));
  }
}

/** reader02 (member 2) has no seeded activity. */
export const QUIET_MEMBER = 2;
