/** Partner bookstores (spec §2 /service/bookstore): where points buy paper books. */
import { PendingData } from '../../components/pending-data.tsx';

export default function BookstorePage() {
  return (
    <div className="container section stack">
      <p className="lead">독서포인트는 도내 참여 서점에서 종이책을 살 때 사용할 수 있습니다. 방문 전에 영업시간을 확인해 주세요.</p>
      <section aria-labelledby="guide-title" className="card">
        <h2 id="guide-title" className="card__title">
          이용 방법
        </h2>
        <ol className="steps">
          <li>
            <strong>참여 서점 방문</strong>
            <p>아래 목록에서 가까운 서점을 찾아 방문합니다.</p>
          </li>
          <li>
            <strong>회원 확인</strong>
            <p>계산할 때 독서포인트로 결제한다고 말하고 모바일 회원증을 보여 줍니다.</p>
          </li>
          <li>
            <strong>포인트 차감</strong>
            <p>구매 금액만큼 포인트가 차감되고, 마이페이지 구매 내역에서 확인할 수 있습니다.</p>
          </li>
        </ol>
      </section>
      <section aria-labelledby="stores-title">
        <h2 id="stores-title" className="section__title">
          지역별 참여 서점
        </h2>
        <PendingData what="시·군별 참여 서점 목록" />
      </section>
    </div>
  );
}
