/** Book clubs (spec §2 /bookclub/bookclub): my clubs, clubs to join, meeting records. */
import { PendingData } from '../../components/pending-data.tsx';

export default function BookclubPage() {
  return (
    <div className="container section stack">
      <p className="lead">이웃과 함께 같은 책을 읽고 이야기 나누는 독서동아리입니다. 회원 2명 이상이 모여 정기적으로 모임을 하면 회장이 참석을 확인하고, 참석한 회원에게 포인트가 적립됩니다.</p>
      <section className="card" aria-labelledby="mine-title">
        <h2 id="mine-title" className="card__title">
          내 독서동아리
        </h2>
        <PendingData what="가입한 동아리와 모임 일정" />
      </section>
      <section className="card" aria-labelledby="find-title">
        <h2 id="find-title" className="card__title">
          동아리 찾기
        </h2>
        <PendingData what="지역별 모집 중인 동아리" />
      </section>
    </div>
  );
}
