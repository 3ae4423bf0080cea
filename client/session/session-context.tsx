/**
 * The member session as the shell reads it. The server renders with the session it
 * read from the request, and the browser hydrates with exactly the same value.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { SessionUser } from '../../shared/session.ts';

export interface Session {
  user: SessionUser | null;
}

const SessionContext = createContext<Session>({ user: null });

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
