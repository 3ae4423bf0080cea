/** Code lookups and the region tree (decision 0104): statements prepared once. */
import type { Region } from '#shared/contract/code.ts';
import type { Database } from './db.ts';
import { int, str, strOrNull, type Row } from './rows.ts';

const PROVINCE_PREFIX = /^충청북도 /;

function toRegion(r: Row): Region {
  return {
    region_code: str(r, 'region_code'),
    region_name: str(r, 'region_name'),
    parent_code: strOrNull(r, 'parent_code'),
    level: int(r, 'level'),
    has_children: int(r, 'has_children') === 1,
  };
}

export function codeStore(db: Database) {
  const getCode = db.prepare('SELECT code_name, code_value FROM codes WHERE code_group = ? AND code = ?');
  const regionCols = `region_code, region_name, parent_code, level,
      CASE WHEN EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = r.region_code) THEN 1 ELSE 0 END AS has_children`;
  const getRegion = db.prepare(`SELECT ${regionCols} FROM regions r WHERE region_code = ?`);
  const children = db.prepare(`SELECT ${regionCols} FROM regions r WHERE parent_code = ? ORDER BY sort_order, region_code`);
  const nameAndParent = db.prepare('SELECT region_name, parent_code FROM regions WHERE region_code = ?');
  const libraries = db.prepare(
    `SELECT l.* FROM libraries l JOIN regions r ON r.region_code = l.city_code
      WHERE CAST(:city AS TEXT) IS NULL OR l.city_code = :city OR r.parent_code = :city ORDER BY l.sort_order`,
  );
  const library = db.prepare('SELECT * FROM libraries WHERE library_code = ?');

  /**
   * Each region's name and parent, kept once read (decision 0155): the region tree is reference
   * data that only the seed writes and nothing changes or removes, so a row once read stays true.
   * A ranking of twenty members named their cities in forty statements on every 나의 활동 view.
   * Only regions found are kept (at most the table's rows); an unknown code asks again.
   */
  const regionRows = new Map<string, { name: string; parent: string | null }>();
  async function regionRow(code: string): Promise<{ name: string; parent: string | null } | undefined> {
    const kept = regionRows.get(code);
    if (kept) return kept;
    const r = await nameAndParent.get(code);
    if (!r) return undefined;
    const row = { name: str(r, 'region_name'), parent: strOrNull(r, 'parent_code') };
    regionRows.set(code, row);
    return row;
  }

  /** Codes from `code` up to the province, nearest first. */
  async function ancestry(code: string): Promise<{ code: string; name: string }[]> {
    const out: { code: string; name: string }[] = [];
    let current: string | null = code;
    for (let i = 0; current && i < 5; i++) {
      const r = await regionRow(current);
      if (!r) break;
      out.push({ code: current, name: r.name });
      current = r.parent;
    }
    return out;
  }

  return {
    async code(group: string, code: string): Promise<{ name: string; value: string } | undefined> {
      const r = await getCode.get(group, code);
      return r ? { name: str(r, 'code_name'), value: str(r, 'code_value') } : undefined;
    },

    async region(code: string): Promise<Region | undefined> {
      const r = await getRegion.get(code);
      return r ? toRegion(r) : undefined;
    },

    async children(parentCode: string): Promise<Region[]> {
      return (await children.all(parentCode)).map(toRegion);
    },

    /** The full name, province first: 충청북도 청주시 상당구 용암1동. */
    async regionName(code: string | null): Promise<string | null> {
      if (!code) return null;
      const names = (await ancestry(code)).map((a) => a.name).reverse();
      return names.length ? names.join(' ') : null;
    },

    /** The name inside the province (청주시 상당구), or the code when it is unknown. */
    async cityName(code: string): Promise<string> {
      return (await this.regionName(code))?.replace(PROVINCE_PREFIX, '') ?? code;
    },

    /** Public libraries, of one city or county when given (Cheongju: its four gu). */
    async libraries(city: string | null): Promise<{ code: string; name: string; cityCode: string }[]> {
      return (await libraries.all({ city })).map((r) => ({ code: str(r, 'library_code'), name: str(r, 'library_name'), cityCode: str(r, 'city_code') }));
    },

    async library(code: string): Promise<{ code: string; name: string; cityCode: string } | undefined> {
      const r = await library.get(code);
      return r ? { code: str(r, 'library_code'), name: str(r, 'library_name'), cityCode: str(r, 'city_code') } : undefined;
    },

    /** True when `child` lies strictly under `ancestor` in the region tree. */
    async within(child: string, ancestor: string): Promise<boolean> {
      return (await ancestry(child)).slice(1).some((a) => a.code === ancestor);
    },
  };
}

