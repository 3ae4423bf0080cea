/** Test single sign-on (spec §2 /sso/sso; only when TEST_LOGIN is Y, decisions D2). */
import { Link } from 'react-router-dom';
import { LOGIN_PATH } from '#shared/routes.ts';

export default function SsoPage() {
  return (
    <div className="container section">
      <div className="status-panel">
        <h2 className="status-panel__title">테스트 통합 로그인</h2>
        <p className="lead">테스트 회원으로 로그인하는 개발·검증용 화면입니다. 로그인에 실패했다면 로그인 화면에서 다시 시도해 주세요.</p>
        <Link className="btn btn--primary" to={LOGIN_PATH}>
          로그인 화면으로
        </Link>
      </div>
    </div>
  );
}
