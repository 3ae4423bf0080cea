/**
 * Login screen (docs/product.md §2, §4, §5): user id, password, keep-me-signed-in; login, member
 * signup, and the test-login button only when the runtime flag is on (docs/decisions/D2-answers-and-codes.md).
 * Shown on any path containing /login, without header or footer. The form posts (the
 * password never lands in the address bar) and works without JavaScript: its action
 * then runs on the server, signs in and redirects (decision 0031).
 */
import { useEffect } from 'react';
import { Form, Link, redirect, useActionData, useNavigate, useNavigation, useSearchParams, type ActionFunctionArgs } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { loginText } from './messages.ts';
import { AGREE_PATH, HOME_PATH } from '#shared/routes.ts';
import { safeReturnPath } from '#shared/safe-redirect.ts';
import type { LoginResponse } from '#shared/session.ts';
import { portal } from '#client/api/portal.ts';
import { field, fieldState, formError, formOk, FormMessage, onServer, useFormFeedback, type FormResult } from '#client/forms/form-result.tsx';
import { signedIn, signOut } from '#client/session/actions.ts';
import { useSessionStore } from '#client/session/session-context.tsx';
import { announce, onArrival } from '#client/shell/announce.ts';
import { useConfig } from '#client/shell/config-context.tsx';
import { useDialogs } from '#client/shell/dialogs.tsx';
import logoUrl from '#client/styles/logo.svg';
import { loginMessages } from '#shared/messages-login.ts';

type Member = Extract<LoginResponse, { result: 'success' }>;

function agreePath(returnTo: string | undefined): string {
  return `${AGREE_PATH}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const userId = field(form, 'user_id').trim();
  const password = field(form, 'user_pass');
  const values = { user_id: userId };
  if (!userId) return formError(context, loginMessages.idRequired, { field: 'user_id', values });
  if (!password) return formError(context, loginMessages.passwordRequired, { field: 'user_pass', values });
  const answer = await portal(context).login({ user_id: userId, user_pass: password, keep: field(form, 'keep') === 'Y' });
  if (answer.result !== 'success') {
    const expired = answer.expired === true;
    return formError(context, expired ? loginMessages.expired : answer.msg, {
      field: expired ? 'user_id' : 'user_pass',
      values,
      status: 401,
    });
  }
  // Without JavaScript there is no confirm dialog: terms not agreed go straight to the agreement page.
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get('returnTo'));
  if (onServer(context)) throw redirect(answer.agreeYn === 'Y' ? (returnTo ?? HOME_PATH) : agreePath(returnTo));
  return formOk<Member>(context, answer);
}

function autoLoginCookie(): boolean {
  return document.cookie.split(';').some((c) => c.trim() === 'autoLogin=true');
}

export default function LoginPage() {
  const config = useConfig();
  const dialogs = useDialogs();
  const store = useSessionStore();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const result = useActionData<FormResult<Member>>();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const busy = navigation.state === 'submitting';

  /** After a successful sign-in: terms first (confirm), then where the member was going. */
  const proceed = async (answer: Member) => {
    const user = signedIn(store, answer);
    const said = loginMessages.signedIn(user.user_name);
    onArrival(() => announce(said));
    if (user.isHomeAgreeYn !== 'Y') {
      const yes = await dialogs.confirm(loginMessages.agreeRequired);
      if (yes) await navigate(agreePath(returnTo), { replace: true });
      else await signOut(store, config.redirectHosts);
      return;
    }
    await navigate(returnTo ?? HOME_PATH, { replace: true });
  };

  useFormFeedback(result, (ok) => void proceed(ok.value));
  // A refused password is not kept in the field.
  useEffect(() => {
    const pass = document.getElementById('user_pass');
    if (result && !result.ok && pass instanceof HTMLInputElement) pass.value = '';
  }, [result]);

  // Signed-in members do not stay on the login screen; a kept session signs in by itself.
  useEffect(() => {
    if (store.getState().user) {
      void navigate(returnTo ?? HOME_PATH, { replace: true });
      return;
    }
    if (!autoLoginCookie()) return;
    let active = true;
    void portal()
      .refreshSession()
      .then((answer) => {
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

  const kept = result && !result.ok ? result.values : undefined;
  return (
    <div className="login">
      <div className="login__card">
        <Link to={HOME_PATH} className="login__brand">
          <img src={logoUrl} alt="" width="48" height="48" />
          <span>{config.siteName}</span>
        </Link>
        <h1 className="login__title" id="page-title" tabIndex={-1}>
          {loginText.title}
        </h1>
        <p className="login__intro">{loginText.intro}</p>
        <FormMessage result={result} id="login-message" />
        <Form method="post" replace className="login__form" noValidate aria-busy={busy}>
          <div className="field">
            <label className="field__label" htmlFor="user_id">
              {loginText.id}
            </label>
            <input
              className="input"
              id="user_id"
              name="user_id"
              autoComplete="username"
              maxLength={40}
              defaultValue={kept?.['user_id'] ?? ''}
              {...fieldState(result, 'user_id', 'login-message')}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="user_pass">
              {loginText.password}
            </label>
            <input
              className="input"
              id="user_pass"
              name="user_pass"
              type="password"
              autoComplete="current-password"
              maxLength={200}
              {...fieldState(result, 'user_pass', 'login-message')}
            />
          </div>
          <label className="check login__keep">
            <input type="checkbox" name="keep" value="Y" />
            {loginText.keep}
          </label>
          <button className="btn btn--primary btn--block" type="submit" disabled={busy}>
            {loginText.submit}
          </button>
        </Form>
        <div className="login__more">
          <p>{loginText.signupHint}</p>
          <a className="btn btn--tertiary btn--block" href={config.libraryUrl} target="_blank" rel="noopener noreferrer">
            {loginText.signup}
            <span className="sr-only">({messages.footer.newWindow})</span>
          </a>
          {/* A document load: the server signs in there (decision 0036). */}
          {config.testLogin && (
            <a className="btn btn--secondary btn--block" href="/sso/sso" data-document="">
              {loginText.test}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
