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

/** page/size → LIMIT/OFFSET, with the defaults of the contract. */
export function paging(page: number | undefined, size: number | undefined, defaultSize = 20) {
  const p = page ?? 1;
  const s = size ?? defaultSize;
  return { page: p, size: s, limit: s, offset: (p - 1) * s };
}
