import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapes, hostileTarget } from '#test/fixtures/hostile-urls.ts';
import { safeLocalPath, safeRedirectTarget, safeReturnPath } from './safe-redirect.ts';

describe('redirect targets (docs/decisions/D3-sign-in-session-and-tokens.md)', () => {
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
  it('normalises first, then checks: dot segments cannot make a host (decision 0010)', () => {
    for (const v of ['/.//evil.example', '/..//evil.example', '/%2e%2e//evil.example', '/%2E//evil.example', '/.%2e//evil.example', '/a/../..//evil.example', '/a/%2e%2e/%2e%2e//evil.example']) {
      expect(safeLocalPath(v), v).toBeUndefined();
      expect(safeRedirectTarget(v, ['evil.example']), v).toBeUndefined();
    }
    expect(safeLocalPath('/a/./b/../c')).toBe('/a/c');
  });
  it('refuses white space, invisible characters and backslashes; keeps Unicode slashes as path text', () => {
    for (const v of ['/\t/evil.example', '/\u00a0/evil.example', '/\u200b/evil.example', '/\u2028/evil.example', '/\\evil.example', '/x\\..\\..\\evil']) {
      expect(safeLocalPath(v), JSON.stringify(v)).toBeUndefined();
    }
    expect(safeLocalPath('/\u2215evil.example')).toBe('/%E2%88%95evil.example');
    expect(safeLocalPath('/\uFF0Fevil.example')).toBe('/%EF%BC%8Fevil.example');
  });
  it('returnTo is a page other than the login screen or the agreement page', () => {
    expect(safeReturnPath('/activity/activity?x=1')).toBe('/activity/activity?x=1');
    for (const v of ['/login/login', '/login/login?returnTo=%2Fx', '/x/login', '/agree/agree', '/api/login/logout', '/api/v1/homepage/board/notice', '/assets/x.js', '/.//evil.example']) {
      expect(safeReturnPath(v), v).toBeUndefined();
    }
  });
  it('allows absolute URLs only on allowlisted hosts', () => {
    expect(safeRedirectTarget('https://sso.library.example/login', ['sso.library.example'])).toBe('https://sso.library.example/login');
    expect(safeRedirectTarget('https://sso.library.example.evil.example/', ['sso.library.example'])).toBeUndefined();
    expect(safeRedirectTarget('https://user:pw@sso.library.example/', ['sso.library.example'])).toBeUndefined();
    expect(safeRedirectTarget('javascript://sso.library.example/%0aalert(1)', ['sso.library.example'])).toBeUndefined();
    expect(safeRedirectTarget('https:sso.library.example/', ['sso.library.example'])).toBeUndefined();
    expect(safeRedirectTarget('https://sso.library.example\uFF0F.evil.example/', ['sso.library.example'])).toBeUndefined();
    expect(safeRedirectTarget('https://evil\u3002example/', ['sso.library.example'])).toBeUndefined();
    // IDN: full-width letters are the same host once mapped; the answer is ASCII.
    expect(safeRedirectTarget('https://\uFF53so.library.example/x', ['sso.library.example'])).toBe('https://sso.library.example/x');
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
  it('hostile targets (dot segments, encodings, Unicode slashes, userinfo, IDN) never escape (property)', () => {
    fc.assert(
      fc.property(hostileTarget('sso.library.example'), (value) => {
        const out = safeRedirectTarget(value, ['sso.library.example']);
        if (out !== undefined) expect(escapes(out, ['sso.library.example'])).toBeUndefined();
        const local = safeLocalPath(value);
        if (local !== undefined) expect(escapes(local, [])).toBeUndefined();
      }),
      { numRuns: 5000 },
    );
  });
});
