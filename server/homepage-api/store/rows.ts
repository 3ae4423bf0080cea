/**
 * Typed reads of node:sqlite rows: the one place where an untyped row becomes typed
 * values. A column of the wrong type is a bug in a query, so it throws.
 */
export type Row = Record<string, unknown>;

export function str(row: Row, key: string): string {
  const v = row[key];
  if (typeof v !== 'string') throw new TypeError(`column ${key}: expected text, got ${typeof v}`);
  return v;
}

export function strOrNull(row: Row, key: string): string | null {
  const v = row[key];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw new TypeError(`column ${key}: expected text, got ${typeof v}`);
  return v;
}

export function int(row: Row, key: string): number {
  const v = row[key];
  if (typeof v === 'bigint') return Number(v);
  if (typeof v !== 'number') throw new TypeError(`column ${key}: expected a number, got ${typeof v}`);
  return v;
}

export function intOrNull(row: Row, key: string): number | null {
  const v = row[key];
  if (v === null || v === undefined) return null;
  return int(row, key);
}

export function yn(row: Row, key: string): 'Y' | 'N' {
  const v = str(row, key);
  if (v !== 'Y' && v !== 'N') throw new TypeError(`column ${key}: expected Y or N, got ${v}`);
  return v;
}

export function oneOf<T extends string>(row: Row, key: string, allowed: readonly T[]): T {
  const v = str(row, key);
  const found = allowed.find((a) => a === v);
  if (found === undefined) throw new TypeError(`column ${key}: unexpected value ${v}`);
  return found;
}

/** A page of a list: LIMIT and OFFSET. */
export interface Limit {
  limit: number;
  offset: number;
}

/** Every row: a LIMIT both dialects take (PostgreSQL refuses SQLite's -1). */
export const ALL_ROWS: Limit = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };

/** The named parameters of a page (:limit, :offset). */
export function limits(p: Limit): Limit {
  return { limit: p.limit, offset: p.offset };
}

/** One page of a list and the number of rows of the whole list. */
export interface Listed<T> {
  rows: T[];
  total: number;
}

/**
 * The whole list's count selected beside each row of a page (decision 0159): one statement
 * instead of a page and a count. An uncorrelated subquery, so both dialects count once per
 * statement and the page keeps its index's order and LIMIT. `fromWhere` is the list's FROM and
 * WHERE as the count would run them (its aliases shadow the page's).
 */
export function listedTotal(fromWhere: string): string {
  return `(SELECT count(*) ${fromWhere}) AS listed_total`;
}

/**
 * How many rows the whole list has, from a page read with `listedTotal` (or any statement whose
 * rows carry `listed_total`): the rows say it; a page past the end has no row to say it, so only
 * then does the count run alone (a first page with no row: none).
 */
export async function listedCount(rows: readonly Row[], p: Limit, countAlone: () => Promise<Row | undefined>): Promise<number> {
  const first = rows[0];
  return first ? int(first, 'listed_total') : p.offset > 0 ? count(await countAlone()) : 0;
}

/** A page read with `listedTotal`, its rows mapped, and its count (`listedCount`). */
export async function listedPage<T>(rows: Row[], p: Limit, countAlone: () => Promise<Row | undefined>, map: (r: Row) => T): Promise<Listed<T>> {
  return { rows: rows.map(map), total: await listedCount(rows, p, countAlone) };
}

/** The `n` column of a count query (0 when there is no row). */
export function count(row: Row | undefined): number {
  return row ? int(row, 'n') : 0;
}
