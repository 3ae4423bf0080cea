/** Education certification (spec §2 /edu/eduBook): request and follow certifications. */
import { PendingData } from '../../components/pending-data.tsx';

export default function EduPage() {
  return (
    <div className="container section stack">
      <p className="lead">평생교육 강좌 수료, 독서 시간 인증 등 교육 인증을 신청하면 확인 후 포인트가 적립됩니다.</p>
      <section className="card" aria-labelledby="types-title">
        <h2 id="types-title" className="card__title">
          인증 종류
        </h2>
        <PendingData what="인증 종류와 월별 한도" />
      </section>
      <section className="card" aria-labelledby="requests-title">
        <h2 id="requests-title" className="card__title">
          나의 인증 신청 내역
        </h2>
        <PendingData what="신청 내역과 처리 결과" />
      </section>
    </div>
  );
}
