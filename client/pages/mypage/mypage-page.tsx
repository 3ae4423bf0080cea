/** My page (spec §2 /mypage/mypage?search_type=buy): points, purchases at partner bookstores. */
import { Link, useSearchParams } from 'react-router-dom';
import { hrefOf } from '../../../shared/routes.ts';
import { PendingData } from '../../components/pending-data.tsx';

const TABS = [
  { type: 'buy', label: '도서 구매 내역' },
  { type: 'point', label: '포인트 내역' },
  { type: 'penalty', label: '제재 내역' },
] as const;

export default function MypagePage() {
  const [params] = useSearchParams();
  const current = TABS.find((t) => t.type === params.get('search_type')) ?? TABS[0];
  return (
    <div className="container section stack">
      <section className="card" aria-labelledby="card-title">
        <h2 id="card-title" className="card__title">
          모바일 회원증
        </h2>
        <PendingData what="회원증과 포인트 잔액" />
        <div className="card__actions">
          <Link className="btn btn--tertiary" to={hrefOf('information')}>
            회원정보 수정
          </Link>
        </div>
      </section>
      <nav className="tabs" aria-label="마이페이지 내역">
        <ul>
          {TABS.map((t) => (
            <li key={t.type}>
              <Link className="tabs__link" to={`?search_type=${t.type}`} aria-current={t.type === current.type ? 'page' : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="list-title">
        <h2 id="list-title" className="section__title">
          {current.label}
        </h2>
        <PendingData what={current.label} />
      </section>
    </div>
  );
}
