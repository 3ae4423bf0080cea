/**
 * The reference API's SQLite store (node:sqlite): one file under DATA_DIR, WAL mode,
 * foreign keys on, numbered migrations applied in order at start, each in its own
 * transaction. `synchronous = FULL` so an acknowledged write survives a killed process.
 */
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Database = DatabaseSync;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-[a-z0-9-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: Number(f.slice(0, 4)),
      name: f.slice(5, -4),
      sql: readFileSync(join(dir, f), 'utf8'),
    }));
}

/** Runs `fn` inside BEGIN IMMEDIATE … COMMIT; rolls back on any throw. */
export function transaction<T>(db: Database, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const out = fn();
    db.exec('COMMIT');
    return out;
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  }
}

export function migrate(db: Database, migrations: Migration[] = listMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').all().map((r) => Number(r['version'])),
  );
  const done: number[] = [];
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?');
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    // Another process may have applied it since we looked: check again under the write lock.
    const ran = transaction(db, () => {
      if (isApplied.get(m.version)) return false;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)').run(m.version, m.name);
      return true;
    });
    if (ran) done.push(m.version);
  }
  return done;
}

/** Opens (creating if needed) the database file, or `:memory:` for throwaway tests. */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5_000 });
  if (file !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  // A 64 MiB page cache and a 256 MiB memory map keep the catalogue in memory: a common
  // search joins thousands of matches to their books (decision 0108).
  db.exec('PRAGMA cache_size = -65536');
  if (file !== ':memory:') db.exec('PRAGMA mmap_size = 268435456');
  migrate(db);
  return db;
}
