/**
 * The session store (docs/product.md §3, §4): the session user, persisted in the browser under key
 * `root` as `{ state, version: 1 }` (zustand persist's format) on every change. The
 * server's session always wins at page load, so there is nothing to rehydrate: the spec's
 * 500 ms rehydration timeout cannot be reached (decision 0034: persist's 1 KB is saved).
 * The server renders with the session it read from the cookies, and the browser's store
 * starts from exactly that value, so the greeting is right in the HTML and hydration
 * matches. On the server a plain store is made per render (never shared).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionUser } from '#shared/session.ts';

export interface SessionState {
  user: SessionUser | null;
}
export type SessionStore = StoreApi<SessionState>;

export const PERSIST_KEY = 'root';
export const PERSIST_VERSION = 1;

export function createServerSessionStore(user: SessionUser | null): SessionStore {
  return createStore<SessionState>()(() => ({ user }));
}

/** What an earlier visit persisted (read before the store writes over it). */
export function readPersistedUser(): SessionUser | null | undefined {
  try {
    const raw = window.localStorage.getItem(PERSIST_KEY);
    if (raw === null) return undefined;
    const parsed = JSON.parse(raw) as { state?: { user?: SessionUser | null }; version?: number };
    return parsed.version === PERSIST_VERSION ? (parsed.state?.user ?? null) : undefined;
  } catch {
    return undefined;
  }
}

function persistUser(user: SessionUser | null): void {
  try {
    window.localStorage.setItem(PERSIST_KEY, JSON.stringify({ state: { user }, version: PERSIST_VERSION }));
  } catch {
    // Storage full or disabled (private mode): the cookies still carry the session.
  }
}

export function createBrowserSessionStore(user: SessionUser | null): SessionStore {
  const store = createStore<SessionState>()(() => ({ user }));
  persistUser(user);
  store.subscribe((state) => persistUser(state.user));
  browserStore = store;
  return store;
}

let browserStore: SessionStore | null = null;

/** The browser's store, for code outside React (loaders, the API module). */
export function currentBrowserStore(): SessionStore | null {
  return browserStore;
}
