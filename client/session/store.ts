/**
 * The session store (spec §3, §4): the session user, persisted in the browser under key
 * `root`, version 1, rehydration not awaited longer than 500 ms (zustand's persist).
 * The server renders with the session it read from the cookies, and the browser's store
 * starts from exactly that value, so the greeting is right in the HTML and hydration
 * matches. On the server a plain store is made per render (never shared).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SessionUser } from '#shared/session.ts';

export interface SessionState {
  user: SessionUser | null;
}
export type SessionStore = StoreApi<SessionState>;

export const PERSIST_KEY = 'root';
export const PERSIST_VERSION = 1;
export const REHYDRATE_TIMEOUT_MS = 500;

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

export async function createBrowserSessionStore(user: SessionUser | null): Promise<SessionStore> {
  const store = createStore<SessionState>()(
    persist(() => ({ user }), {
      name: PERSIST_KEY,
      version: PERSIST_VERSION,
      storage: createJSONStorage(() => window.localStorage),
      skipHydration: true,
      // The server's session (from the cookies) wins over anything persisted earlier.
      merge: (_persisted, current) => current,
      migrate: () => ({ user: null }),
    }),
  );
  await Promise.race([
    store.persist.rehydrate(),
    new Promise<void>((resolve) => setTimeout(resolve, REHYDRATE_TIMEOUT_MS)),
  ]);
  store.setState({ user });
  browserStore = store;
  return store;
}

let browserStore: SessionStore | null = null;

/** The browser's store, for code outside React (loaders, the API module). */
export function currentBrowserStore(): SessionStore | null {
  return browserStore;
}
