/**
 * The reference API's database, behind one asynchronous interface with two dialects
 * (decision 0109):
 * - SQLite (node:sqlite), the embedded default: one file under DATA_DIR, WAL mode, foreign
 *   keys on, `synchronous = FULL` so an acknowledged write survives a killed process. Its
 *   calls are synchronous underneath; a transaction holds an in-process turn, so statements
 *   of other requests wait until it ends instead of landing inside it.
 * - PostgreSQL (`pg`), when DATABASE_URL is set: a pool; a transaction is a client of its
 *   own, found by the statements run inside it through AsyncLocalStorage.
 * Statements are static SQL with parameters only (`?` or `:name`, turned into `$n` for
 * PostgreSQL once, when prepared); where the dialects differ a statement gives both texts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isNamed, readMigrations, textOf, type Args, type Database, type Dialect, type Migration, type Named, type Param, type Sql, type Statement } from './dialect.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = join(HERE, 'migrations');

export { textOf, type Args, type Database, type Dialect, type Migration, type Sql, type Statement } from './dialect.ts';

export function listMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readMigrations(dir);
}

/** SQL fragments of static column names and placeholders that differ between the dialects. */
export const SQL_FNS = {
  sqlite: {
    has: (col: string, p: string) => `instr(${col}, ${p}) > 0`,
    starts: (col: string, p: string) => `substr(${col}, 1, length(${p})) = ${p}`,
  },
  postgres: {
    has: (col: string, p: string) => `strpos(${col}, ${p}) > 0`,
    starts: (col: string, p: string) => `starts_with(${col}, ${p})`,
  },
} satisfies Record<Dialect, Record<string, (col: string, p: string) => string>>;

/**
 * After rows were written with explicit keys (the seed, a move from SQLite): PostgreSQL's
 * identity sequences continue after the largest key of their table. The table and column
 * names come from the catalogue, not from input. SQLite's rowids need nothing.
 */
export const SYNC_IDENTITIES: Sql = {
  sqlite: '',
  postgres: `DO $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT c.relname AS tbl, a.attname AS col
                 FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE a.attidentity <> '' AND n.nspname = current_schema() LOOP
        EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, %L), coalesce((SELECT max(%I) FROM %I), 0) + 1, false)',
                       r.tbl, r.col, r.col, r.tbl);
      END LOOP;
    END $$`,
};

/**
 * Taken first in the seed's transaction: two instances seeding one PostgreSQL database at once
 * take turns. The one that waits waits for the other's whole seed, which on a loaded machine
 * outlasts the 15 s a request's statement may take (the stack test's second API instance was
 * cancelled at start): the seed's transaction gets five minutes instead.
 */
export const SEED_LOCK: Sql = { sqlite: '', postgres: "SET LOCAL statement_timeout = '300s'; SELECT pg_advisory_xact_lock(4857301119)" };

/**
 * Errors that mean the database is unreachable, went away or is busy past its timeout (not a
 * bad statement): the API answers them 503 with Retry-After.
 */
export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as Error & { code?: unknown }).code;
  if (code === 'ERR_SQLITE_ERROR') return /database is locked|database is busy/.test(err.message);
  if (typeof code === 'string') {
    // Class 08 (connection exception), 57P01–57P03 (shutdown, cannot connect now), and node's socket errors.
    if (/^08|^57P0[123]$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN'].includes(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Query read timeout/i.test(err.message);
}

/**
 * A unique constraint refused the write (PostgreSQL 23505, SQLite's UNIQUE/PRIMARY KEY): a
 * simultaneous request of another member got there first (a receipt, a certificate). The
 * transaction rolled back; the API answers 409 (the rules' own checks answer first otherwise).
 */
export function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const e = err as Error & { code?: unknown; errcode?: unknown };
  return e.code === '23505' || (e.code === 'ERR_SQLITE_ERROR' && (e.errcode === 2067 || e.errcode === 1555));
}

/* ------------------------------------------------------------------ SQLite */

/** The transaction under way on a file, shared by every connection of this process to it. */
interface Turn {
  current: Promise<unknown> | null;
}
const turns = new Map<string, Turn>();

class SqliteDatabase implements Database {
  readonly dialect = 'sqlite';
  /** Set inside a transaction's callback: its statements go ahead without waiting. */
  private readonly inside = new AsyncLocalStorage<true>();
  /**
   * Connections of one process to one file share their turn: a second connection's statement
   * waits for the first one's transaction instead of blocking the thread on SQLite's lock.
   */
  private readonly turn: Turn;
  readonly raw: DatabaseSync;

  constructor(raw: DatabaseSync, file: string) {
    this.raw = raw;
    let turn = file === ':memory:' ? undefined : turns.get(file);
    if (!turn) {
      turn = { current: null };
      if (file !== ':memory:') turns.set(file, turn);
    }
    this.turn = turn;
  }

  private async waitTurn(): Promise<void> {
    if (this.inside.getStore()) return;
    while (this.turn.current) await this.turn.current.catch(() => undefined);
  }

  private async call<T>(f: () => T): Promise<T> {
    if (this.turn.current && !this.inside.getStore()) await this.waitTurn();
    return f();
  }

  prepare(sql: Sql): Statement {
    const st: StatementSync = this.raw.prepare(textOf(sql, 'sqlite'));
    const exec = <T>(args: Args, f: (named: Named | null, positional: Param[]) => T) =>
      this.call(() => (isNamed(args) ? f(args[0], []) : f(null, args as Param[])));
    return {
      all: (...args) => exec(args, (n, p) => (n ? st.all(n) : st.all(...p))),
      get: (...args) => exec(args, (n, p) => (n ? st.get(n) : st.get(...p))),
      run: (...args) => exec(args, (n, p) => ({ changes: Number((n ? st.run(n) : st.run(...p)).changes) })),
    };
  }

  exec(sql: Sql): Promise<void> {
    return this.call(() => this.raw.exec(textOf(sql, 'sqlite')));
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return fn();
    // No await between the last look at the turn and taking it.
    while (this.turn.current) await this.turn.current.catch(() => undefined);
    const run = (async () => {
      this.raw.exec('BEGIN IMMEDIATE');
      try {
        const out = await this.inside.run(true, fn);
        this.raw.exec('COMMIT');
        return out;
      } catch (err) {
        if (this.raw.isTransaction) this.raw.exec('ROLLBACK');
        throw err;
      }
    })();
    this.turn.current = run;
    try {
      return await run;
    } finally {
      if (this.turn.current === run) this.turn.current = null;
    }
  }

  async exclusive<T>(_key: number, fn: () => Promise<T>): Promise<{ ran: true; value: T }> {
    return { ran: true, value: await fn() };
  }

  async ping(): Promise<void> {
    await this.call(() => this.raw.prepare('SELECT 1').get());
  }

  async close(): Promise<void> {
    await this.waitTurn();
    if (this.raw.isOpen) this.raw.close();
  }
}

function sqliteTransaction<T>(db: DatabaseSync, fn: () => T): T {
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

export function migrateSqlite(db: DatabaseSync, migrations: Migration[] = listMigrations()): number[] {
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
    const ran = sqliteTransaction(db, () => {
      if (isApplied.get(m.version)) return false;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)').run(m.version, m.name);
      return true;
    });
    if (ran) done.push(m.version);
  }
  return done;
}

/** Opens (creating if needed) the SQLite file, or `:memory:` for throwaway tests, migrated. */
export function openSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5_000 });
  if (file !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  // A 64 MiB page cache and a 256 MiB memory map keep the catalogue in memory: a common
  // search joins thousands of matches to their books (decision 0108).
  db.exec('PRAGMA cache_size = -65536');
  if (file !== ':memory:') db.exec('PRAGMA mmap_size = 268435456');
  migrateSqlite(db);
  return new SqliteDatabase(db, file === ':memory:' ? file : resolve(file));
}

export interface DatabaseOptions {
  /** The SQLite file (or ':memory:') used when `url` is not set. */
  file: string;
  /** DATABASE_URL: postgres:// or postgresql:// switches to PostgreSQL. */
  url?: string | undefined;
  /** PostgreSQL pool size (DATABASE_POOL_MAX). */
  poolMax?: number | undefined;
}

/** Opens the database DATABASE_URL names, else the SQLite file; runs the migrations. */
export async function openDatabase(opts: DatabaseOptions | string): Promise<Database> {
  const o = typeof opts === 'string' ? { file: opts } : opts;
  if (o.url) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(o.url, { poolMax: o.poolMax });
  }
  return openSqlite(o.file);
}
