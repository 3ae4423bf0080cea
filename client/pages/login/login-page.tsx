/**
 * Login screen (spec §2, §5): user id, password, keep-me-signed-in; login, member
 * signup, and the test-login button only when the runtime flag is on (decisions D2).
 * Shown on any path containing /login, without header or footer.
 */
import { useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../shared/messages.ts';
import { HOME_PATH } from '../../../shared/routes.ts';
import { useConfig } from '../../shell/config-context.tsx';
import { useDialogs } from '../../shell/dialogs.tsx';
import logoUrl from '../../styles/logo.svg';

export default function LoginPage() {
  const config = useConfig();
  const dialogs = useDialogs();
  const idRef = useRef<HTMLInputElement>(null);
  const passRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
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
        <form className="login__form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <div className="field">
            <label className="field__label" htmlFor="user_id">
              {messages.login.id}
            </label>
            <input ref={idRef} className="input" id="user_id" name="user_id" autoComplete="username" maxLength={64} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="user_pass">
              {messages.login.password}
            </label>
            <input ref={passRef} className="input" id="user_pass" name="user_pass" type="password" autoComplete="current-password" maxLength={128} />
          </div>
          <label className="check login__keep">
            <input type="checkbox" name="keep" value="Y" />
            {messages.login.keep}
          </label>
          <button className="btn btn--primary btn--block" type="submit">
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
