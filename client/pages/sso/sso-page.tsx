/** Test single sign-on (docs/product.md §2 /sso/sso; only when TEST_LOGIN is Y, docs/decisions/D2-answers-and-codes.md). */
import { Link } from 'react-router-dom';
import { LOGIN_PATH } from '#shared/routes.ts';
import { ssoText as t } from './messages.ts';

export default function SsoPage() {
  return (
    <div className="container section">
      <div className="status-panel">
        <h2 className="status-panel__title">{t.title}</h2>
        <p className="lead">{t.lead}</p>
        <Link className="btn btn--primary" to={LOGIN_PATH}>
          {t.toLogin}
        </Link>
      </div>
    </div>
  );
}
