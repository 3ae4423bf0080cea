/**
 * queryString writes a call's query exactly as URLSearchParams does, whether it joins plain
 * names and values itself or hands the rest to URLSearchParams.
 */
import { describe, expect, it } from 'vitest';
import { queryString } from './http.ts';
import type { Query } from './ssr.ts';

function viaUrlSearchParams(query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}

describe('queryString', () => {
  const cases: Query[] = [
    {},
    { page: 1, size: 10 },
    { notice_type: '1', display_yn: 'Y', size: 1 },
    { skipped: undefined, kept: 'a' },
    { '': '' },
    { q: '한강 소설' },
    { q: 'a b&c=d+e/f?g#h' },
    { q: "!'()~*-._" },
    { n: -1.5, big: 1e21, nan: Number.NaN },
    { 'a b': 'x', ok: 'y' },
    { ok: 'y', then: '%20' },
  ];
  for (const query of cases) {
    it(`writes ${JSON.stringify(query)} as URLSearchParams does`, () => {
      expect(queryString(query)).toBe(viaUrlSearchParams(query));
    });
  }
  it('is empty without a query', () => {
    expect(queryString(undefined)).toBe('');
  });
});
