/**
 * The session checks of docs/product.md §4, run by the shell (the session state itself is client/session/):
 * - on every route change: signed in per the store but the local login flag is missing →
 *   sign out; otherwise joincheck with the user id (not on the agree and information
 *   paths) and sign out when the homepage API says the membership is not valid;
 * - an API call answered 401 (docs/product.md §8) → "로그인이 만료되었습니다." and sign out;
 * - the login redirect URL (code 60/2) is kept as `redirectUrl` in local storage;
 * - a sign-out the homepage API did not confirm is told on the page it led to (decision 0024).
 */
import { useEffect } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { skipsJoincheck } from '#shared/routes.ts';
import { isUnavailable } from '../api/client.ts';
import { homepage } from '../api/homepage.ts';
import type { RootData } from './root-loader.ts';
import { useConfig } from './config-context.tsx';
import { useDialogs } from './dialogs.tsx';
import { signOut, takeSignOutNotice } from '../session/actions.ts';
import { takeBootSignals } from '../session/boot.ts';
import { sessionEvents } from '../session/events.ts';
import { FLAG_KEYS, readFlag, writeRedirectUrl } from '../session/flags.ts';
import { useSessionStore } from '../session/session-context.tsx';

export function SessionWatch() {
  const store = useSessionStore();
  const dialogs = useDialogs();
  const { redirectHosts } = useConfig();
  const location = useLocation();
  const root = useRouteLoaderData('root') as RootData | undefined;

  useEffect(() => {
    if (root?.loginUrl) writeRedirectUrl(root.loginUrl);
  }, [root?.loginUrl]);

  useEffect(() => {
    const boot = takeBootSignals();
    // A sign-out the homepage API did not confirm says so on the page it led to (decision 0024).
    const notice = takeSignOutNotice();
    if (notice) void dialogs.alert(notice);
    if (boot.ended) void dialogs.alert(messages.session.ended);
    if (boot.signOut) void signOut(store, redirectHosts);
    let told = false;
    return sessionEvents.onEnded(() => {
      // Said once, however many calls were answered 401 (the write and the check that followed it).
      if (told || !store.getState().user) return;
      told = true;
      void dialogs.alert(messages.session.ended).then(() => signOut(store, redirectHosts));
    });
  }, [store, dialogs, redirectHosts]);

  useEffect(() => {
    const user = store.getState().user;
    if (!user) return;
    if (readFlag(FLAG_KEYS.loggedIn) === null) {
      void signOut(store, redirectHosts);
      return;
    }
    if (skipsJoincheck(location.pathname)) return;
    const ctrl = new AbortController();
    homepage()
      .get('/common/joincheck/:user_id', { params: { user_id: user.user_id }, signal: ctrl.signal })
      .then((answer) => {
        // Only the API's verdict signs out; a network or server failure does not. A 401 is the
        // ended session, which the member is told of in a dialog first (above).
        if (!ctrl.signal.aborted && answer.result === 'error' && !isUnavailable(answer) && !sessionEvents.hasEnded()) void signOut(store, redirectHosts);
      })
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [location.key, location.pathname, store, redirectHosts]);

  return null;
}
