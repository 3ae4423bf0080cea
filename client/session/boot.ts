/**
 * At page load the server's session (from the cookies) is the truth, and the local flags
 * follow it: a member signed in through SSO, a kept session restored by the server, or a
 * new browser with the cookies gets its flags written. One case follows docs/product.md §4 instead:
 * this browser's persisted store already held this member but the login flag is gone —
 * then the member is signed out (the watcher does it once the page is interactive).
 */
import type { ClientSession } from '#shared/ssr.ts';
import type { SessionUser } from '#shared/session.ts';
import { FLAG_KEYS, readFlag, writeSessionFlags } from './flags.ts';

let pendingSignOut = false;
let endedOnServer = false;

export function adoptServerSession(session: ClientSession, persisted: SessionUser | null | undefined): void {
  endedOnServer = session.ended === true;
  const flag = readFlag(FLAG_KEYS.loggedIn);
  if (session.user && endedOnServer) {
    // A call during the render ended the session after the page began: sign out here too.
    pendingSignOut = true;
  } else if (session.user) {
    if (flag === null && persisted?.user_id === session.user.user_id) pendingSignOut = true;
    else writeSessionFlags(session.user);
  } else if (flag === 'true') {
    writeSessionFlags(null);
  }
}

/** Read once by the session watcher. */
export function takeBootSignals(): { signOut: boolean; ended: boolean } {
  const out = { signOut: pendingSignOut, ended: endedOnServer };
  pendingSignOut = false;
  endedOnServer = false;
  return out;
}
