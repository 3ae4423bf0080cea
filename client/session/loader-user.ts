/** The member a loader or action runs for: the server's session, or the browser's store. */
import type { SessionUser } from '#shared/session.ts';
import { loadContextOf } from '../api/context.ts';
import { currentBrowserStore } from './store.ts';

export function sessionUserOf(context: unknown): SessionUser | null {
  const server = loadContextOf(context);
  return server ? server.session.user : (currentBrowserStore()?.getState().user ?? null);
}
