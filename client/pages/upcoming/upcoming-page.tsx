/** docs/decisions/D4-behaviour-details.md: the page that menu entries of services not yet open point to. */
import { Link } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { upcomingText } from './messages.ts';
import { HOME_PATH } from '#shared/routes.ts';

export default function UpcomingPage() {
  return (
    <div className="container section">
      <div className="status-panel">
        <div className="status-panel__icon" aria-hidden="true">
          <svg width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
        </div>
        <h2 className="status-panel__title">{upcomingText.title}</h2>
        <p className="lead">{upcomingText.body}</p>
        <Link className="btn btn--primary" to={HOME_PATH}>
          {messages.shell.home}
        </Link>
      </div>
    </div>
  );
}
