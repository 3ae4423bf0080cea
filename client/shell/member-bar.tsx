import { useLocation, useRouteLoaderData } from 'react-router-dom';
import { greeting, messages } from '#shared/messages.ts';
import { INFORMATION_PATH, isLoginPath } from '#shared/routes.ts';
import { loginHref } from '../session/login-redirect.ts';
import { useSessionStore, useSessionUser } from '../session/session-context.tsx';
import { useConfig } from './config-context.tsx';
import { IconPencil, IconUser } from './icons.tsx';
import type { RootData } from './root-loader.ts';

/** Greeting or login prompt, the pencil button and the login/logout button (docs/product.md §2). */
export function MemberBar({ className = '' }: { className?: string }) {
  const user = useSessionUser();
  const store = useSessionStore();
  const { redirectHosts } = useConfig();
  const location = useLocation();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const here = isLoginPath(location.pathname) ? null : location.pathname + location.search;
  const href = loginHref(root?.loginUrl, here, redirectHosts);
  return (
    <div className={`member-bar ${className}`}>
      <IconUser className="member-bar__icon" width={20} height={20} />
      <p className="member-bar__greeting">{user ? greeting(user.user_name) : messages.shell.loginPrompt}</p>
      {user && (
        <a className="icon-btn icon-btn--small" href={INFORMATION_PATH} title={messages.shell.editInfo}>
          <IconPencil width={18} height={18} />
          <span className="sr-only">{messages.shell.editInfo}</span>
        </a>
      )}
      {user ? (
        <button type="button" className="btn btn--small btn--secondary" onClick={() => void import('../session/actions.ts').then((m) => m.signOutAndForget(store, redirectHosts))}>
          {messages.shell.logout}
        </button>
      ) : (
        // A plain link, the portal's login page or the homepage's (external): a full page load either way.
        <a className="btn btn--small btn--primary" href={href}>
          {messages.shell.login}
        </a>
      )}
    </div>
  );
}
