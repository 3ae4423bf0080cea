/** Whether a loader or action runs for a member (signed in, terms agreed): the server's session, or the browser's. */
import { isMember } from '#shared/session.ts';
import { loadContextOf } from '../api/context.ts';
import { currentBrowserStore } from '../session/store.ts';

export function forMember(context: unknown): boolean {
  const server = loadContextOf(context);
  return isMember(server ? server.session.user : (currentBrowserStore()?.getState().user ?? null));
}
