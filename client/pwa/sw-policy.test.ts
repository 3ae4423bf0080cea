import { describe, expect, it } from 'vitest';
import { activate, CACHE_PREFIX, handlingOf, noticeFromPush, notificationTarget, storable, type ActivationScope } from './sw-policy.ts';

const ORIGIN = 'https://portal.example';
const PRECACHED = new Set(['/offline.html', '/favicon.svg', '/assets/app-AbCdEf12.js']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: `${ORIGIN}${path}` });
const headers = (h: Record<string, string>) => new Headers(h);

describe('what the service worker answers', () => {
  it('pages: network first, whatever their address (never stored)', () => {
    expect(handlingOf(get('/challenge/challenge', 'navigate'), ORIGIN, PRECACHED)).toBe('navigate');
    expect(handlingOf(get('/mypage/mypage?search_type=buy', 'navigate'), ORIGIN, PRECACHED)).toBe('navigate');
  });
  it('the build’s files and the precached ones: from the cache', () => {
    expect(handlingOf(get('/assets/app-AbCdEf12.js'), ORIGIN, PRECACHED)).toBe('static');
    expect(handlingOf(get('/assets/PretendardGOV-Regular.subset.3-CXuJno-s.woff2'), ORIGIN, PRECACHED)).toBe('static');
    expect(handlingOf(get('/favicon.svg'), ORIGIN, PRECACHED)).toBe('static');
  });
  it('never API calls, writes, other sites, queries or unhashed files', () => {
    expect(handlingOf(get('/api/v1/homepage/user/info'), ORIGIN, PRECACHED)).toBe('pass');
    expect(handlingOf(get('/api/login/logout'), ORIGIN, new Set(['/api/login/logout']))).toBe('pass');
    expect(handlingOf({ method: 'POST', mode: 'cors', url: `${ORIGIN}/assets/app-AbCdEf12.js` }, ORIGIN, PRECACHED)).toBe('pass');
    expect(handlingOf(get('/assets/app-AbCdEf12.js?v=2'), ORIGIN, PRECACHED)).toBe('pass');
    expect(handlingOf({ method: 'GET', mode: 'cors', url: 'https://cdn.example/assets/app-AbCdEf12.js' }, ORIGIN, PRECACHED)).toBe('pass');
    expect(handlingOf({ method: 'GET', mode: 'navigate', url: 'https://elsewhere.example/' }, ORIGIN, PRECACHED)).toBe('pass');
    expect(handlingOf(get('/manifest.webmanifest'), ORIGIN, PRECACHED)).toBe('pass');
    expect(handlingOf(get('/sw.js'), ORIGIN, PRECACHED)).toBe('pass');
  });
});

describe('what may be stored', () => {
  const ok = { ok: true, type: 'basic' };
  it('a same-origin success the server lets caches keep', () => {
    expect(storable({ ...ok, headers: headers({ 'cache-control': 'public, max-age=31536000, immutable' }) })).toBe(true);
  });
  it('never a response that sets a cookie, is private or no-store, failed, or is opaque', () => {
    expect(storable({ ...ok, headers: headers({ 'set-cookie': 'a=b' }) })).toBe(false);
    expect(storable({ ...ok, headers: headers({ 'cache-control': 'no-store' }) })).toBe(false);
    expect(storable({ ...ok, headers: headers({ 'cache-control': 'private, max-age=60' }) })).toBe(false);
    expect(storable({ ok: false, type: 'basic', headers: headers({}) })).toBe(false);
    expect(storable({ ok: true, type: 'opaque', headers: headers({}) })).toBe(false);
  });
});

describe('push notifications', () => {
  const defaults = { title: '독서포인트', body: '새 알림이 있습니다.', icon: '/icons/icon-192.png', url: '/main/homemain' };
  it('shows the message’s title, body, icon and page', () => {
    const n = noticeFromPush({ title: '오늘 출석', body: '21일 챌린지 7일째예요.', url: '/challenge/challenge', icon: '/icons/icon-512.png', tag: 'daily' }, ORIGIN, defaults);
    expect(n).toEqual({
      title: '오늘 출석', body: '21일 챌린지 7일째예요.', icon: `${ORIGIN}/icons/icon-512.png`, url: `${ORIGIN}/challenge/challenge`, tag: 'daily',
    });
  });
  it('keeps taps and icons on this site', () => {
    const n = noticeFromPush({ title: 'x', url: 'https://evil.example/', icon: '//evil.example/i.png' }, ORIGIN, defaults);
    expect(n.url).toBe(`${ORIGIN}/main/homemain`);
    expect(n.icon).toBe(`${ORIGIN}/icons/icon-192.png`);
    expect(noticeFromPush({ title: 'x', url: 'javascript:alert(1)' }, ORIGIN, defaults).url).toBe(`${ORIGIN}/main/homemain`);
    expect(noticeFromPush({ title: 'x', url: `${ORIGIN}/mypage/mypage` }, ORIGIN, defaults).url).toBe(`${ORIGIN}/mypage/mypage`);
  });
  it('still shows a notification for an empty or unreadable message', () => {
    for (const payload of [undefined, null, 'text', 42, { title: '   ' }]) {
      const n = noticeFromPush(payload, ORIGIN, defaults);
      expect(n.title).toBe(defaults.title);
      expect(n.body).toBe(defaults.body);
    }
  });
  it('a tap opens data.url on this origin, else home', () => {
    expect(notificationTarget({ url: `${ORIGIN}/challenge/challenge` }, ORIGIN, '/main/homemain')).toBe(`${ORIGIN}/challenge/challenge`);
    expect(notificationTarget({ url: 'https://evil.example/x' }, ORIGIN, '/main/homemain')).toBe(`${ORIGIN}/main/homemain`);
    expect(notificationTarget(null, ORIGIN, '/main/homemain')).toBe(`${ORIGIN}/main/homemain`);
  });
});

describe('a new worker’s activation (decision 0176)', () => {
  const CURRENT = `${CACHE_PREFIX}b2`;
  function scope(claim: () => Promise<void>, withPreload = true) {
    const caches = new Set([`${CACHE_PREFIX}b1`, CURRENT, 'someone-else']);
    const did: string[] = [];
    const s: ActivationScope = {
      cacheKeys: () => Promise.resolve([...caches]),
      deleteCache: (key) => Promise.resolve(caches.delete(key)),
      enableNavigationPreload: withPreload ? () => Promise.resolve(did.push('preload')) : undefined,
      claimClients: () => {
        did.push('claim');
        return claim();
      },
    };
    return { s, caches, did };
  }
  /** Whether `p` has settled once everything already queued has run. */
  async function settledNow(p: Promise<unknown>): Promise<boolean> {
    let settled = false;
    p.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 0));
    return settled;
  }

  it('is done without waiting for the pages to be claimed: a claim that never ends holds no page load', async () => {
    const { s, did } = scope(() => new Promise<void>(() => undefined));
    expect(await settledNow(activate(s, CURRENT))).toBe(true);
    expect(did).toEqual(['claim', 'preload']);
  });
  it('removes the older builds’ caches only, and turns navigation preload on', async () => {
    const { s, caches, did } = scope(() => Promise.resolve());
    await activate(s, CURRENT);
    expect([...caches].sort()).toEqual([CURRENT, 'someone-else']);
    expect(did).toContain('preload');
  });
  it('a claim that fails, or an engine without navigation preload, still activates', async () => {
    const { s, caches } = scope(() => Promise.reject(new Error('no')), false);
    await expect(activate(s, CURRENT)).resolves.toBeUndefined();
    expect(caches.has(`${CACHE_PREFIX}b1`)).toBe(false);
  });
});
