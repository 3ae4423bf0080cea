import { Link } from 'react-router-dom';
import { greeting, messages } from '../../shared/messages.ts';
import { INFORMATION_PATH, LOGIN_PATH } from '../../shared/routes.ts';
import { useSession } from '../session/session-context.tsx';
import { IconPencil, IconUser } from './icons.tsx';

/** Greeting or login prompt, the pencil button and the login/logout button (spec §2). */
export function MemberBar({ className = '' }: { className?: string }) {
  const { user } = useSession();
  return (
    <div className={`member-bar ${className}`}>
      <IconUser className="member-bar__icon" width={20} height={20} />
      <p className="member-bar__greeting">{user ? greeting(user.user_name) : messages.shell.loginPrompt}</p>
      {user && (
        <Link className="icon-btn icon-btn--small" to={INFORMATION_PATH} title={messages.shell.editInfo}>
          <IconPencil width={18} height={18} />
          <span className="sr-only">{messages.shell.editInfo}</span>
        </Link>
      )}
      {user ? (
        <Link className="btn btn--small btn--secondary" to="/api/login/logout" reloadDocument>
          {messages.shell.logout}
        </Link>
      ) : (
        <Link className="btn btn--small btn--primary" to={LOGIN_PATH}>
          {messages.shell.login}
        </Link>
      )}
    </div>
  );
}
