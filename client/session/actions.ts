/**
 * Signing in and out in the browser (docs/product.md §4). Sign-out: the user fields are cleared,
 * the three flags set to "false", the logout endpoint called, and the member goes home or
 * to the server's callback path (checked, docs/decisions/D3-sign-in-session-and-tokens.md). A failing logout call is logged,
 * and the member is still signed out locally. When the server signed out but the homepage API
 * did not confirm it (decision 0024), its message is kept for the page the member lands on,
 * which shows it (the shell's session watch): never a silent "signed out".
 */
import { logoutCall, portal } from '../api/portal.ts';
import { HOME_PATH } from '#shared/routes.ts';
import { safeRedirectTarget } from '#shared/safe-redirect.ts';
import { sessionUserFrom, type MemberFields, type SessionUser } from '#shared/session.ts';
import { messages } from '#shared/messages.ts';
import { sayOnNextLoad } from '../shell/arrival-focus.ts';
import { writeSessionFlags } from './flags.ts';
import type { SessionStore } from './store.ts';

export function signedIn(store: SessionStore, fields: MemberFields): SessionUser {
  const user = sessionUserFrom(fields);
  store.setState({ user });
  writeSessionFlags(user);
  return user;
}

/** Where a sign-out's notice waits for the next page of this tab (a full page load comes between). */
const NOTICE_KEY = 'signOutNotice';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function keepSignOutNotice(msg: string): void {
  try {
    tabStorage()?.setItem(NOTICE_KEY, msg);
  } catch {
    // Storage refused: the member was still signed out; the server logged the pending sign-out.
  }
}

/** The notice the last sign-out of this tab left, once. */
export function takeSignOutNotice(): string | null {
  try {
    const storage = tabStorage();
    const msg = storage?.getItem(NOTICE_KEY) ?? null;
    storage?.removeItem(NOTICE_KEY);
    return msg;
  } catch {
    return null;
  }
}

let signingOut: Promise<void> | null = null;

export function signOut(store: SessionStore, redirectHosts: readonly string[], go: (url: string) => void = (u) => window.location.assign(u)): Promise<void> {
  signingOut ??= (async () => {
    store.setState({ user: null });
    writeSessionFlags(null);
    let target = HOME_PATH;
    const answer = await logoutCall();
    if (answer.ok) target = safeRedirectTarget(answer.logoutUrl, redirectHosts) ?? HOME_PATH;
    else if (answer.pending && answer.msg) keepSignOutNotice(answer.msg);
    else console.warn('logout call failed; signed out locally', answer.msg);
    // A full page load: the server renders the signed-out page from scratch, which says it is done (decision 0143).
    sayOnNextLoad(messages.session.signedOut);
    go(target);
  })().finally(() => {
    signingOut = null;
  });
  return signingOut;
}

/**
 * What this device keeps for the member (drafts, writes waiting for the network, issue 38): gone
 * when the member chooses to sign out, so nothing of theirs stays on a shared phone. A session
 * that merely ended (expired, refused) keeps them: the member signs in again and goes on.
 */
async function forgetDevice(userId: string): Promise<void> {
  await Promise.race([
    Promise.all([
      import('../forms/drafts.ts').then((m) => m.removeMemberDrafts(userId)),
      import('../api/outbox.ts').then((m) => m.dropMember(userId)),
    ]).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 2_000)),
  ]);
}

/** The member chose to sign out (로그아웃): the device forgets what it kept for them, then signOut. */
export async function signOutAndForget(store: SessionStore, redirectHosts: readonly string[]): Promise<void> {
  const userId = store.getState().user?.user_id;
  if (userId) await forgetDevice(userId);
  return signOut(store, redirectHosts);
}

/**
 * Re-reads the session from the server after a change the session cookie carries (terms
 * agreed, notice consent), so the server's cookie and the browser's store agree.
 */
export async function rereadSession(store: SessionStore): Promise<SessionUser | null> {
  const answer = await portal().refreshSession();
  return answer.result === 'success' ? signedIn(store, answer) : null;
}
