/** My activity (spec §2 /activity/activity): points, this month's activity, history. */
import { Link } from 'react-router-dom';
import { hrefOf } from '../../../shared/routes.ts';
import { PendingData } from '../../components/pending-data.tsx';

export default function ActivityPage() {
  return (
    <div className="container section stack">
      <section className="card" aria-labelledby="points-title">
        <h2 id="points-title" className="card__title">
          나의 독서포인트
        </h2>
        <PendingData what="포인트 잔액과 이번 달 적립 현황" />
      </section>
      <section className="card" aria-labelledby="month-title">
        <h2 id="month-title" className="card__title">
          이번 달 활동
        </h2>
        <p className="lead">독서일지, 서평, 도서 대출, 종이책 구매 인증, 동아리 모임, 교육 인증, 챌린지 출석 횟수를 활동별 한도와 함께 보여 드립니다.</p>
        <PendingData what="활동별 횟수와 한도" />
      </section>
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="card__title">
          활동 내역
        </h2>
        <PendingData what="독서일지·서평·대출·구매 내역" />
        <div className="card__actions">
          <Link className="btn btn--primary" to={hrefOf('bookSearch')}>
            독서일지 쓰러 가기
          </Link>
        </div>
      </section>
    </div>
  );
}
