/**
 * Guarded pages (docs/product.md §5, docs/decisions/D6-menu-two-level.md): shown instead of a member-only page to anyone
 * who is not a signed-in member with agreed terms (decided on the server before the first
 * byte, so no private content is ever sent). It asks the spec's confirm; yes goes to the
 * login redirect URL (then back here), no goes back.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { gateText } from './login-gate-messages.ts';
import { HOME_PATH } from '#shared/routes.ts';
import { isExternal } from '../session/login-redirect.ts';
import { useSessionUser } from '../session/session-context.tsx';
import { useGuard } from './use-guard.ts';

export function LoginGate() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const location = useLocation();
  const guard = useGuard();
  const needsAgreement = user !== null && user.isHomeAgreeYn !== 'Y';
  const target = guard.target();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (asked.current === location.key) return;
    asked.current = location.key;
    let active = true;
    void guard.ask().then((yes) => {
      if (!active || yes) return;
      if (location.key !== 'default') void navigate(-1);
      else void navigate(HOME_PATH, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [location.key, guard, navigate]);

  const label = needsAgreement ? gateText.agreeAction : messages.shell.login;
  return (
    <div className="container section">
      <div className="status-panel">
        <h2 className="status-panel__title">{needsAgreement ? gateText.agreeTitle : gateText.loginTitle}</h2>
        <p className="lead">{needsAgreement ? gateText.agreeBody : gateText.loginBody}</p>
        {isExternal(target) ? (
          <a className="btn btn--primary" href={target}>
            {label}
          </a>
        ) : (
          <a className="btn btn--primary" href={target}>
            {label}
          </a>
        )}
      </div>
    </div>
  );
}
