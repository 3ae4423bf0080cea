/**
 * Guarded navigation and actions (docs/product.md §5, docs/decisions/D6-menu-two-level.md): a member with a user id,
 * signed in, terms agreed and both local flags "true" may go on; anyone else is asked
 * the spec's confirm, and "yes" leads to the login redirect URL (or, for a signed-in
 * member who has not agreed, to the agreement page), coming back here afterwards.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { AGREE_PATH } from '#shared/routes.ts';
import { isMember } from '#shared/session.ts';
import { useConfig } from './config-context.tsx';
import { useDialogs } from './dialogs.tsx';
import type { RootData } from './root-loader.ts';
import { FLAG_KEYS, flagsAllowMember, readFlag } from '../session/flags.ts';
import { isExternal, loginHref } from '../session/login-redirect.ts';
import { useSessionStore } from '../session/session-context.tsx';
import { loginMessages } from '#shared/messages-login.ts';

export interface Guard {
  /** Whether the current member may use guarded pages and actions right now. */
  allowed(): boolean;
  /** Where "yes" leads, for this page. */
  target(): string;
  /** Asks the confirm; true when the member chose to go and sign in (or agree). */
  ask(): Promise<boolean>;
  /** Runs `action` for members; asks everyone else. */
  run(action: () => void | Promise<void>): Promise<void>;
}

export function useGuard(): Guard {
  const store = useSessionStore();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const location = useLocation();
  const { redirectHosts } = useConfig();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const here = location.pathname + location.search;

  const allowed = useCallback(() => isMember(store.getState().user) && flagsAllowMember(), [store]);
  const target = useCallback(() => {
    const user = store.getState().user;
    if (user && user.isHomeAgreeYn !== 'Y') return `${AGREE_PATH}?returnTo=${encodeURIComponent(here)}`;
    return loginHref(readFlag(FLAG_KEYS.redirectUrl) ?? root?.loginUrl, here, redirectHosts);
  }, [store, here, redirectHosts, root?.loginUrl]);

  const ask = useCallback(async () => {
    const user = store.getState().user;
    const needsAgreement = user !== null && user.isHomeAgreeYn !== 'Y';
    const yes = await dialogs.confirm(needsAgreement ? loginMessages.agreeRequired : messages.guard.loginRequired);
    if (yes) {
      const to = target();
      if (isExternal(to)) window.location.assign(to);
      else await navigate(to, { replace: true });
    }
    return yes;
  }, [store, dialogs, navigate, target]);

  const run = useCallback(
    async (action: () => void | Promise<void>) => {
      if (allowed()) await action();
      else await ask();
    },
    [allowed, ask],
  );

  return useMemo(() => ({ allowed, target, ask, run }), [allowed, target, ask, run]);
}
