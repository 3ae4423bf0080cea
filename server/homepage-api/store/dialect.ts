/**
 * What both dialects of the reference API's database share (decision 0109): the `Database`
 * interface, statement texts and parameters, migrations as files. db.ts (SQLite, and the choice
 * of dialect) and postgres.ts both import it; neither imports the other at load time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Row } from './rows.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Param = string | number | bigint | null | Uint8Array;
export type Named = Record<string, Param>;
export type Args = Param[] | [Named];
/** A statement's text: the same for both dialects, or one for each. */
export type Sql = string | { sqlite: string; postgres: string };

export interface Statement {
  all(...args: Args): Promise<Row[]>;
  get(...args: Args): Promise<Row | undefined>;
  /** Runs a write; `changes` is the number of rows it touched. */
  run(...args: Args): Promise<{ changes: number }>;
}

export interface Database {
  readonly dialect: Dialect;
  prepare(sql: Sql): Statement;
  /** Runs static SQL (several statements allowed, no parameters). */
  exec(sql: Sql): Promise<void>;
  /**
   * Runs `fn` in one write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: READ COMMITTED
   * on a client of its own); rolls back if it throws. Inside a transaction, it joins it.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` unless another process holds the lock `key` (PostgreSQL: a session advisory
   * lock, tried, never waited for); SQLite runs it (one file, one host: the send log decides).
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * PostgreSQL only: hears `channel`'s notifications on a connection of its own, connecting
   * again after a loss (decision 0156). Absent on SQLite (one process holds the file's changes).
   */
  listen?(channel: string, on: ChannelListener): Listening;
  close(): Promise<void>;
}

/** What a listening connection tells (Database.listen). */
export interface ChannelListener {
  /** Listening: every notification from now on arrives (after a loss, some may have been missed). */
  listening(): void;
  /** A notification's payload. */
  message(payload: string): void;
  /** The connection was lost or could not be made; it is tried again. */
  lost(err: Error): void;
}

export interface Listening {
  close(): Promise<void>;
}

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migrations of a folder (`NNNN-name.sql`), in order. */
export function readMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-[a-z0-9-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: Number(f.slice(0, 4)),
      name: f.slice(5, -4),
      sql: readFileSync(join(dir, f), 'utf8'),
    }));
}

export function textOf(sql: Sql, dialect: Dialect): string {
  return typeof sql === 'string' ? sql : sql[dialect];
}

export function isNamed(args: Args): args is [Named] {
  const first = args[0];
  return args.length === 1 && typeof first === 'object' && first !== null && !(first instanceof Uint8Array);
}

