import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#shared/session.ts';
import { signOut, signedIn, takeSignOutNotice } from './actions.ts';
import { nextLoadSentence } from '../shell/arrival-focus.ts';
import { adoptServerSession, takeBootSignals } from './boot.ts';
import { sessionEvents } from './events.ts';
import { FLAG_KEYS, readFlag } from './flags.ts';
import { loginHref } from './login-redirect.ts';
import { createBrowserSessionStore, createServerSessionStore, PERSIST_KEY, readPersistedUser } from './store.ts';

const user: SessionUser = {
  user_id: 'reader01', user_name: '김서연', user_no: '2026000001', user_key: 'K', user_auth: ['ROLE_USER'],
  isHomeLoggedIn: true, isHomeAgreeYn: 'Y', isHomeNoticeYn: 'N',
};

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('sign-in and sign-out in the browser (docs/product.md §4)', () => {
  it('sign-in stores the user and sets the three flags', () => {
    const store = createServerSessionStore(null);
    signedIn(store, { userId: 'reader01', username: '김서연', userNo: '1', userAuth: ['ROLE_USER'], userKey: 'K', agreeYn: 'Y', noticeYn: 'Y' });
    expect(store.getState().user?.user_name).toBe('김서연');
    expect([readFlag(FLAG_KEYS.loggedIn), readFlag(FLAG_KEYS.agree), readFlag(FLAG_KEYS.notice)]).toEqual(['true', 'true', 'true']);
  });

  it('a failing logout call is logged, and the member is still signed out and sent home', async () => {
    const store = createServerSessionStore(user);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    const go = vi.fn();
    await signOut(store, [], go);
    expect(store.getState().user).toBeNull();
    expect([readFlag(FLAG_KEYS.loggedIn), readFlag(FLAG_KEYS.agree), readFlag(FLAG_KEYS.notice)]).toEqual(['false', 'false', 'false']);
    expect(go).toHaveBeenCalledWith('/main/homemain');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a sign-out the homepage API did not confirm leaves its message for the next page, once (decision 0024)', async () => {
    const store = createServerSessionStore(user);
    const go = vi.fn();
    const msg = '이 기기에서는 로그아웃되었지만, 도서관 서버가 응답하지 않아 로그아웃이 아직 확인되지 않았습니다.';
    const answer = { result: 'error', code: 'logout_pending', msg, logout_url: '/main/homemain' };
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(answer), { status: 202 }))));
    await signOut(store, [], go);
    expect(store.getState().user).toBeNull();
    expect(readFlag(FLAG_KEYS.loggedIn)).toBe('false');
    expect(go).toHaveBeenCalledWith('/main/homemain');
    expect(takeSignOutNotice()).toBe(msg);
    expect(takeSignOutNotice()).toBeNull();
  });

  it('a sign-out leaves the sentence the next page says, once (decision 0143)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"result":"success","logout_url":"/main/homemain"}'))));
    await signOut(createServerSessionStore(user), [], vi.fn());
    expect(nextLoadSentence()).toBe('로그아웃했습니다.');
    expect(nextLoadSentence()).toBeNull();
  });

  it('a confirmed sign-out leaves no notice', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"result":"success","logout_url":"/main/homemain"}'))));
    await signOut(createServerSessionStore(user), [], vi.fn());
    expect(takeSignOutNotice()).toBeNull();
  });

  it('goes to the server\'s callback path, checked', async () => {
    const store = createServerSessionStore(user);
    const go = vi.fn();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"result":"success","logout_url":"/board/notice/homenotice"}'))));
    await signOut(store, [], go);
    expect(go).toHaveBeenLastCalledWith('/board/notice/homenotice');
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"result":"success","logout_url":"https://evil.example/"}'))));
    await signOut(store, [], go);
    expect(go).toHaveBeenLastCalledWith('/main/homemain');
  });
});

describe('the session store (key root, version 1)', () => {
  it('persists the server session under key root, version 1', async () => {
    const store = createBrowserSessionStore(user);
    expect(store.getState().user).toEqual(user);
    const raw = JSON.parse(window.localStorage.getItem(PERSIST_KEY) ?? '{}') as { version: number; state: { user: SessionUser } };
    expect(raw.version).toBe(1);
    expect(raw.state.user.user_id).toBe('reader01');
    expect(readPersistedUser()?.user_id).toBe('reader01');
  });

  it('the server wins over a different persisted user', async () => {
    window.localStorage.setItem(PERSIST_KEY, JSON.stringify({ version: 1, state: { user: { ...user, user_id: 'someone' } } }));
    const store = createBrowserSessionStore(null);
    expect(store.getState().user).toBeNull();
    expect(readPersistedUser()).toBeNull();
  });

  it('every change is persisted (sign-in, sign-out)', () => {
    const store = createBrowserSessionStore(null);
    store.setState({ user });
    expect(readPersistedUser()?.user_id).toBe('reader01');
    store.setState({ user: null });
    expect(readPersistedUser()).toBeNull();
  });
});

describe('page load (boot)', () => {
  it('adopts a server session in a fresh browser (SSO, kept session)', () => {
    adoptServerSession({ user }, undefined);
    expect(readFlag(FLAG_KEYS.loggedIn)).toBe('true');
    expect(takeBootSignals()).toEqual({ signOut: false, ended: false });
  });
  it('signs out when this browser held the member but the login flag is gone (docs/product.md §4)', () => {
    adoptServerSession({ user }, user);
    expect(takeBootSignals().signOut).toBe(true);
  });
  it('clears stale flags when the server says visitor, and reports a session the server ended', () => {
    window.localStorage.setItem(FLAG_KEYS.loggedIn, 'true');
    adoptServerSession({ user: null, ended: true }, user);
    expect(readFlag(FLAG_KEYS.loggedIn)).toBe('false');
    expect(takeBootSignals()).toEqual({ signOut: false, ended: true });
  });
});

describe('the session ended (an API call answered 401)', () => {
  it('reaches the shell even before its session watch listens (its chunk comes after the page), once', () => {
    sessionEvents.ended();
    const late = vi.fn();
    const off = sessionEvents.onEnded(late);
    expect(late).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    const offOther = sessionEvents.onEnded(other);
    expect(other).not.toHaveBeenCalled();
    sessionEvents.ended();
    expect([late.mock.calls.length, other.mock.calls.length]).toEqual([2, 1]);
    off();
    offOther();
  });
});

describe('the login redirect URL (code 60/2)', () => {
  it('adds returnTo to a same-origin login path', () => {
    expect(loginHref('/login/login', '/activity/activity', [])).toBe('/login/login?returnTo=%2Factivity%2Factivity');
    expect(loginHref('/login/login?x=1', '/a', [])).toBe('/login/login?x=1&returnTo=%2Fa');
    expect(loginHref(null, null, [])).toBe('/login/login');
  });
  it('follows an external sign-in page only on an allowed host', () => {
    expect(loginHref('https://sso.library.example/login', '/a', ['sso.library.example'])).toBe('https://sso.library.example/login');
    expect(loginHref('https://evil.example/login', '/a', ['sso.library.example'])).toBe('/login/login?returnTo=%2Fa');
  });
});
