/**
 * Guarded pages (spec §5, decisions D6): shown instead of a member-only page to anyone
 * who is not a signed-in member with agreed terms (decided on the server before the first
 * byte, so no private content is ever sent). It asks the spec's confirm; yes goes to the
 * login redirect URL (then back here), no goes back.
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router-dom';
import { messages } from '../../shared/messages.ts';
import { AGREE_PATH, HOME_PATH } from '../../shared/routes.ts';
import { isExternal, loginHref } from '../session/login-redirect.ts';
import { useSessionUser } from '../session/session-context.tsx';
import { FLAG_KEYS, readFlag } from '../session/flags.ts';
import { useConfig } from './config-context.tsx';
import { useDialogs } from './dialogs.tsx';
import type { RootData } from './root-loader.ts';

export function LoginGate() {
  const user = useSessionUser();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const location = useLocation();
  const { redirectHosts } = useConfig();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const needsAgreement = user !== null && user.isHomeAgreeYn !== 'Y';
  const here = location.pathname + location.search;
  const target = needsAgreement
    ? `${AGREE_PATH}?returnTo=${encodeURIComponent(here)}`
    : loginHref(readFlag(FLAG_KEYS.redirectUrl) ?? root?.loginUrl, here, redirectHosts);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (asked.current === location.key) return;
    asked.current = location.key;
    let active = true;
    void dialogs.confirm(needsAgreement ? messages.login.agreeRequired : messages.guard.loginRequired).then((yes) => {
      if (!active) return;
      if (!yes) {
        if (location.key !== 'default') void navigate(-1);
        else void navigate(HOME_PATH, { replace: true });
      } else if (isExternal(target)) window.location.assign(target);
      else void navigate(target, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [location.key, needsAgreement, target, dialogs, navigate]);

  return (
    <div className="container section">
      <div className="status-panel">
        <h2 className="status-panel__title">{needsAgreement ? messages.gate.agreeTitle : messages.gate.loginTitle}</h2>
        <p className="lead">{needsAgreement ? messages.gate.agreeBody : messages.gate.loginBody}</p>
        {isExternal(target) ? (
          <a className="btn btn--primary" href={target}>
            {needsAgreement ? messages.gate.agreeAction : messages.shell.login}
          </a>
        ) : (
          <Link className="btn btn--primary" to={target}>
            {needsAgreement ? messages.gate.agreeAction : messages.shell.login}
          </Link>
        )}
      </div>
    </div>
  );
}
