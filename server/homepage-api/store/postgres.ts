/**
 * The PostgreSQL dialect of the reference API's database (decision 0109): `pg`'s pool,
 * statements prepared by name on each connection, transactions on a client of their own in
 * pipeline mode (decision 0137),
 * versioned migrations (migrations-pg/) applied at start under an advisory lock so that
 * two instances starting at once do not race.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isNamed, readMigrations, textOf, type Args, type ChannelListener, type Database, type Listening, type Migration, type Param, type Sql, type Statement } from './dialect.ts';
import type { Row } from './rows.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations-pg');
/** The advisory lock key of the migrations ("hpapimig" as a number). */
const MIGRATION_LOCK = 4_857_301_118;

/** count(*) and sum() come back as bigint and numeric; the API's numbers fit a double. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (v: string) => Number(v);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** `?` and `:name` placeholders → `$n` (quoted text, identifiers, comments and `::` casts left alone). */
export function toPositional(sql: string): { text: string; names: (string | number)[] } {
  let text = '';
  const names: (string | number)[] = [];
  const slot = new Map<string, number>();
  let positional = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i] ?? '';
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      const stop = end < 0 ? sql.length : end;
      text += sql.slice(i, stop + 1);
      i = stop;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      text += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === ':' && sql[i + 1] === ':') {
      text += '::';
      i++;
    } else if (c === ':' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1));
      const name = m?.[0] ?? '';
      let n = slot.get(name);
      if (n === undefined) {
        names.push(name);
        n = names.length;
        slot.set(name, n);
      }
      text += `$${n}`;
      i += name.length;
    } else if (c === '?') {
      names.push(positional++);
      text += `$${names.length}`;
    } else {
      text += c;
    }
  }
  return { text, names };
}

function value(p: Param | undefined): unknown {
  if (p === undefined) return null;
  if (typeof p === 'bigint') return p.toString();
  if (p instanceof Uint8Array && !Buffer.isBuffer(p)) return Buffer.from(p.buffer, p.byteOffset, p.byteLength);
  return p;
}

let statementCount = 0;

/** How long a script (exec) may run: the seed's lock wait and its statements, five minutes. */
const SCRIPT_TIMEOUT_MS = 300_000;

class PostgresDatabase implements Database {
  readonly dialect = 'postgres';
  private readonly client = new AsyncLocalStorage<pg.PoolClient>();

  readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  prepare(sql: Sql): Statement {
    const { text, names } = toPositional(textOf(sql, 'postgres'));
    const name = `s${++statementCount}`;
    const values = (args: Args): unknown[] => {
      if (isNamed(args)) {
        const named = args[0];
        return names.map((n) => {
          if (typeof n === 'number' || !(n in named)) throw new Error(`missing parameter :${String(n)}`);
          return value(named[n]);
        });
      }
      if (args.length !== names.length) throw new Error(`expected ${names.length} parameters, got ${args.length}`);
      return (args as Param[]).map(value);
    };
    const query = async (args: Args) => {
      const runner = this.client.getStore() ?? this.pool;
      return runner.query<Row>({ name, text, values: values(args), types });
    };
    return {
      all: async (...args) => (await query(args)).rows,
      get: async (...args) => (await query(args)).rows[0],
      run: async (...args) => ({ changes: (await query(args)).rowCount ?? 0 }),
    };
  }

  async exec(sql: Sql): Promise<void> {
    const runner = this.client.getStore() ?? this.pool;
    // Only the seed runs scripts here; its lock wait sets its own statement_timeout (SEED_LOCK),
    // which the client's read timeout must not cut short. pg reads `query_timeout` per query.
    const script: pg.QueryConfig & { query_timeout: number } = { text: textOf(sql, 'postgres'), query_timeout: SCRIPT_TIMEOUT_MS };
    await runner.query(script);
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.client.getStore()) return fn();
    const client = await this.pool.connect();
    // Pipeline mode while the transaction runs (decision 0137): BEGIN is not waited for, and
    // statements issued together (a member's lock and the reads behind it) go in one round trip.
    // PostgreSQL still runs them one after the other, each READ COMMITTED statement with a
    // snapshot taken when it starts: reads queued behind a lock see what its holder committed.
    const piped = client as pg.PoolClient & { pipeline: boolean };
    piped.pipeline = true;
    let broken: Error | undefined;
    try {
      const begun = client.query('BEGIN');
      begun.catch(() => undefined); // its failure fails the statements behind it too
      const out = await this.client.run(client, fn);
      await begun;
      await client.query('COMMIT');
      return out;
    } catch (err) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackErr) {
        broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
      }
      throw err;
    } finally {
      // Every statement of the transaction has been answered by now.
      piped.pipeline = false;
      // A client whose connection failed is dropped from the pool, not reused.
      client.release(broken);
    }
  }

  async exclusive<T>(key: number, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
      if (!got.rows[0]?.ok) return { ran: false };
      try {
        return { ran: true, value: await fn() };
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch((err: unknown) => {
          broken = err instanceof Error ? err : new Error(String(err)); // the session ends: so does its lock
        });
      }
    } finally {
      client.release(broken);
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  listen(channel: string, on: ChannelListener): Listening {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let closed = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      retry = undefined;
      const c = new pg.Client({ ...this.pool.options, application_name: 'homepage-api listener' });
      client = c;
      let lost = false;
      const lose = (err: Error) => {
        if (lost) return;
        lost = true;
        client = undefined;
        c.end().catch(() => undefined);
        if (closed) return;
        on.lost(err);
        retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
        retry.unref();
      };
      c.on('error', lose);
      c.on('end', () => lose(new Error('the listening connection ended')));
      c.on('notification', (n) => {
        if (n.channel === channel) on.message(n.payload ?? '');
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${channel}`);
        if (closed) await c.end();
        else on.listening();
      } catch (err) {
        lose(err instanceof Error ? err : new Error(String(err)));
      }
    };
    void connect();
    return {
      close: async () => {
        closed = true;
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** DATABASE_URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

export interface PostgresOptions {
  poolMax?: number | undefined;
  migrations?: Migration[];
  /** Tests shorten them. */
  timeouts?: QueryTimeouts;
}

/** Applies the migrations not yet applied, one transaction each, under an advisory lock. */
export async function migratePostgres(pool: pg.Pool, migrations: Migration[] = readMigrations(MIGRATIONS_DIR)): Promise<number[]> {
  const client = await pool.connect();
  const done: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
      const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
      for (const m of migrations) {
        if (applied.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
        done.push(m.version);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
  return done;
}

/** How long a statement may run (the server cancels it) and a query wait for its answer (the client gives up). */
export interface QueryTimeouts {
  statementMs: number;
  queryMs: number;
}

/** How long after a lost listening connection it is made again. */
const LISTEN_RETRY_MS = 1_000;

const QUERY_TIMEOUTS: QueryTimeouts = { statementMs: 15_000, queryMs: 20_000 };

export function createPool(url: string, poolMax = 10, timeouts: QueryTimeouts = QUERY_TIMEOUTS): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    // Never hang: a connection that cannot be had in 3 s, or a statement running 15 s, fails.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    application_name: 'homepage-api',
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/** Connects, migrates (under the lock) and returns the database; a clear error when it cannot. */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const pool = createPool(url, opts.poolMax, opts.timeouts);
  try {
    await migratePostgres(pool, opts.migrations);
  } catch (err) {
    await pool.end().catch(() => undefined);
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`DATABASE_URL ${redactUrl(url)}: cannot open the database: ${reason}`, { cause: err });
  }
  return new PostgresDatabase(pool);
}
