/** Service guide (spec §2 /service/service): how the reading-points programme works. */
import { Link } from 'react-router-dom';
import { hrefOf } from '../../../shared/routes.ts';
import { PendingData } from '../../components/pending-data.tsx';

export default function ServicePage() {
  return (
    <div className="container section stack">
      <section aria-labelledby="what-title">
        <h2 id="what-title" className="section__title">
          독서포인트란?
        </h2>
        <p className="lead">
          책을 읽고 기록하는 활동에 포인트를 드리고, 모은 포인트로 지역 참여 서점에서 종이책을 살 수 있도록 돕는 도서관의 독서 장려 사업입니다. 1포인트는
          1원으로 사용하며, 적립한 포인트는 사업 연도 말에 소멸됩니다.
        </p>
      </section>
      <section aria-labelledby="who-title" className="card">
        <h2 id="who-title" className="card__title">
          참여 대상
        </h2>
        <p>만 14세 이상 도민으로 도서관 회원 가입 후 약관에 동의하면 참여할 수 있습니다. 한 사람당 하나의 계정만 사용할 수 있습니다.</p>
      </section>
      <section aria-labelledby="earn-title" className="card">
        <h2 id="earn-title" className="card__title">
          포인트 적립 기준
        </h2>
        <PendingData what="활동별 적립 포인트와 월·연간 한도" />
      </section>
      <section aria-labelledby="use-title" className="card">
        <h2 id="use-title" className="card__title">
          포인트 사용
        </h2>
        <p>참여 서점에서 종이책을 살 때 회원증을 보여 주고 포인트로 결제합니다. 전자책과 중고 도서, 문구류에는 사용할 수 없습니다.</p>
        <div className="card__actions">
          <Link className="btn btn--secondary" to={hrefOf('bookstore')}>
            참여 서점 찾기
          </Link>
        </div>
      </section>
    </div>
  );
}
