/**
 * Login screen (spec §2, §4, §5): user id, password, keep-me-signed-in; login, member
 * signup, and the test-login button only when the runtime flag is on (decisions D2).
 * Shown on any path containing /login, without header or footer.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { AGREE_PATH, HOME_PATH } from '#shared/routes.ts';
import { safeLocalPath } from '#shared/safe-redirect.ts';
import type { LoginResponse } from '#shared/session.ts';
import { api } from '#client/api/client.ts';
import { signedIn, signOut } from '#client/session/actions.ts';
import { useSessionStore } from '#client/session/session-context.tsx';
import { useConfig } from '#client/shell/config-context.tsx';
import { useDialogs } from '#client/shell/dialogs.tsx';
import logoUrl from '#client/styles/logo.svg';

function autoLoginCookie(): boolean {
  return document.cookie.split(';').some((c) => c.trim() === 'autoLogin=true');
}

export default function LoginPage() {
  const config = useConfig();
  const dialogs = useDialogs();
  const store = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeLocalPath(params.get('returnTo'));
  const idRef = useRef<HTMLInputElement>(null);
  const passRef = useRef<HTMLInputElement>(null);
  const keepRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  /** After a successful sign-in: terms first (confirm), then where the member was going. */
  const proceed = async (answer: Extract<LoginResponse, { result: 'success' }>) => {
    const user = signedIn(store, answer);
    if (user.isHomeAgreeYn !== 'Y') {
      const yes = await dialogs.confirm(messages.login.agreeRequired);
      if (yes) await navigate(`${AGREE_PATH}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`, { replace: true });
      else await signOut(store, config.redirectHosts);
      return;
    }
    await navigate(returnTo ?? HOME_PATH, { replace: true });
  };

  // Signed-in members do not stay on the login screen; a kept session signs in by itself.
  useEffect(() => {
    if (store.getState().user) {
      void navigate(returnTo ?? HOME_PATH, { replace: true });
      return;
    }
    if (!autoLoginCookie()) return;
    let active = true;
    void api<Extract<LoginResponse, { result: 'success' }>>('/api/token/refresh/auto', { method: 'POST' }).then((answer) => {
      if (!active) return;
      if (answer.result === 'success') void proceed(answer);
      else console.warn('auto-login failed', answer.msg);
    });
    return () => {
      active = false;
    };
    // Once, when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const id = idRef.current?.value.trim() ?? '';
    const pass = passRef.current?.value ?? '';
    if (!id) {
      await dialogs.alert(messages.login.idRequired);
      idRef.current?.focus();
      return;
    }
    if (!pass) {
      await dialogs.alert(messages.login.passwordRequired);
      passRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await api<Extract<LoginResponse, { result: 'success' }>>('/api/login/login', {
        method: 'POST',
        body: { user_id: id, user_pass: pass, keep: keepRef.current?.checked === true },
      });
      if (answer.result === 'success') {
        await proceed(answer);
        return;
      }
      const expired = (answer as { expired?: unknown }).expired === true;
      await dialogs.alert(expired ? messages.login.expired : answer.msg);
      if (passRef.current) passRef.current.value = '';
      (expired ? idRef.current : passRef.current)?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <div className="login__card">
        <Link to={HOME_PATH} className="login__brand">
          <img src={logoUrl} alt="" width="48" height="48" />
          <span>{config.siteName}</span>
        </Link>
        <h1 className="login__title" id="page-title" tabIndex={-1}>
          {messages.login.title}
        </h1>
        <p className="login__intro">{messages.login.intro}</p>
        <form className="login__form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
          <div className="field">
            <label className="field__label" htmlFor="user_id">
              {messages.login.id}
            </label>
            <input ref={idRef} className="input" id="user_id" name="user_id" autoComplete="username" maxLength={40} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="user_pass">
              {messages.login.password}
            </label>
            <input
              ref={passRef}
              className="input"
              id="user_pass"
              name="user_pass"
              type="password"
              autoComplete="current-password"
              maxLength={200}
            />
          </div>
          <label className="check login__keep">
            <input ref={keepRef} type="checkbox" name="keep" value="Y" />
            {messages.login.keep}
          </label>
          <button className="btn btn--primary btn--block" type="submit" disabled={busy}>
            {messages.login.submit}
          </button>
        </form>
        <div className="login__more">
          <p>{messages.login.signupHint}</p>
          <a className="btn btn--tertiary btn--block" href={config.libraryUrl} target="_blank" rel="noopener noreferrer">
            {messages.login.signup}
            <span className="sr-only">({messages.footer.newWindow})</span>
          </a>
          {config.testLogin && (
            <a className="btn btn--secondary btn--block" href="/sso/sso">
              {messages.login.test}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
