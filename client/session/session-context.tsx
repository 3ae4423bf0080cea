/** The session store in React: one per render on the server, one per page load in the browser. */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { SessionUser } from '#shared/session.ts';
import type { SessionStore } from './store.ts';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore outside SessionProvider');
  return store;
}

export function useSessionUser(): SessionUser | null {
  return useStore(useSessionStore(), (s) => s.user);
}
