/** Popular books (spec §2 /search/popularbooksearch): ranked by diaries, reviews, loans. */
import { PendingData } from '../../components/pending-data.tsx';

export default function PopularPage() {
  return (
    <div className="container section stack">
      <p className="lead">도민이 독서일지와 서평을 많이 남기고 많이 빌린 책을 기간·연령대·지역별로 모았습니다.</p>
      <section aria-labelledby="rank-title">
        <h2 id="rank-title" className="section__title">
          이번 달 인기 도서
        </h2>
        <PendingData what="인기 도서 순위" />
      </section>
    </div>
  );
}
