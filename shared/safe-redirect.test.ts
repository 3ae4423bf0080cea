import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeLocalPath, safeRedirectTarget } from './safe-redirect.ts';

describe('redirect targets (decisions D3)', () => {
  it('keeps same-origin paths', () => {
    expect(safeLocalPath('/activity/activity')).toBe('/activity/activity');
    expect(safeLocalPath('/mypage/mypage?search_type=buy#top')).toBe('/mypage/mypage?search_type=buy#top');
  });
  it('refuses anything that could leave the site', () => {
    for (const v of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', 'evil', '/\t/evil.example', '/%0a', null, 42]) {
      const out = safeLocalPath(v);
      if (out !== undefined) expect(new URL(out, 'https://portal.example').origin).toBe('https://portal.example');
    }
    expect(safeLocalPath('//evil.example')).toBeUndefined();
    expect(safeLocalPath('https://evil.example')).toBeUndefined();
  });
  it('allows absolute URLs only on allowlisted hosts', () => {
    expect(safeRedirectTarget('https://sso.library.example/login', ['sso.library.example'])).toBe('https://sso.library.example/login');
    expect(safeRedirectTarget('https://sso.library.example.evil.example/', ['sso.library.example'])).toBeUndefined();
    expect(safeRedirectTarget('https://user:pw@sso.library.example/', ['sso.library.example'])).toBeUndefined();
    expect(safeRedirectTarget('javascript://sso.library.example/%0aalert(1)', ['sso.library.example'])).toBeUndefined();
  });
  it('whatever it is given, the result stays on the site or an allowed host (property)', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.constantFrom('//', '/\\', '\\\\', 'http:', 'https:', 'javascript:', '%2f%2f', '\t', '\n', '@', '..'),
    );
    fc.assert(
      fc.property(fc.array(hostile, { maxLength: 5 }), (parts) => {
        const value = parts.join('');
        const out = safeRedirectTarget(value, ['sso.library.example']);
        if (out === undefined) return;
        const resolved = new URL(out, 'https://portal.example');
        expect(['portal.example', 'sso.library.example']).toContain(resolved.host);
      }),
      { numRuns: 2000 },
    );
  });
});
