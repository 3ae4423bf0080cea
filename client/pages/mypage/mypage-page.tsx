/**
 * My page (spec §2 /mypage/mypage?search_type=buy): the mobile membership card, the
 * points balance, and the member's lists — purchases at partner bookstores
 * (search_type=buy), the whole points ledger (point) and penalties (penalty).
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { PointAnswer } from '#shared/contract/points.ts';
import type { UserCardAnswer } from '#shared/contract/user.ts';
import { messages } from '#shared/messages.ts';
import { hrefOf } from '#shared/routes.ts';
import { homepage as homepageOf } from '#client/api/homepage.ts';
import { formatDate, formatDay, formatNumber } from '#client/components/format.ts';
import { Pagination, pageParam } from '#client/components/pagination.tsx';

const TABS = [
  { type: 'buy', label: '도서 구매 내역' },
  { type: 'point', label: '포인트 내역' },
  { type: 'penalty', label: '제재 내역' },
] as const;
type Tab = (typeof TABS)[number]['type'];
const PAGE_SIZE = 10;

interface Row {
  key: number;
  title: string;
  meta: string;
  points: number;
  date: string;
}

interface Data {
  tab: Tab;
  card: UserCardAnswer['user_card'] | null;
  point: PointAnswer['point'] | null;
  rows: Row[] | null;
  page: number;
  total: number;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const homepage = homepageOf(context);
  const raw = new URL(request.url).searchParams.get('search_type');
  const tab: Tab = TABS.find((t) => t.type === raw)?.type ?? 'buy';
  const page = pageParam(request.url);
  const list =
    tab === 'penalty'
      ? homepage.get('/user/penalty/list', { query: { page, size: PAGE_SIZE } }).then((a) =>
          a.result === 'success'
            ? {
                total: a.total,
                rows: a.penalty_list.map((p) => ({
                  key: p.penalty_key,
                  title: p.reason,
                  meta: p.suspended_until ? `${formatDay(p.suspended_until)}까지 적립 정지` : '',
                  points: p.points,
                  date: p.reg_date,
                })),
              }
            : null,
        )
      : homepage
          .get('/user/point/list', { query: { entry_type: tab === 'buy' ? 'spend' : undefined, page, size: PAGE_SIZE } })
          .then((a) =>
            a.result === 'success'
              ? {
                  total: a.total,
                  rows: a.point_list.map((p) => ({
                    key: p.entry_key,
                    title: p.book_title ?? p.description,
                    meta: p.bookstore_name ?? (p.book_title ? p.description : ''),
                    points: p.points,
                    date: p.reg_date,
                  })),
                }
              : null,
          );
  const [card, point, rows] = await Promise.all([homepage.get('/user/api/card'), homepage.get('/user/point'), list]);
  return {
    tab,
    card: card.result === 'success' ? card.user_card : null,
    point: point.result === 'success' ? point.point : null,
    rows: rows?.rows ?? null,
    page,
    total: rows?.total ?? 0,
  };
}

export default function MypagePage() {
  const { tab, card, point, rows, page, total } = useLoaderData<Data>();
  const current = TABS.find((t) => t.type === tab) ?? TABS[0];
  return (
    <div className="container section stack">
      <div className="grid grid--2">
        <section className="member-card" aria-labelledby="card-title">
          <h2 id="card-title" className="member-card__title">
            모바일 회원증
          </h2>
          {card ? (
            <>
              <p className="member-card__name">{card.user_name}</p>
              <p className="member-card__library">{card.home_library}</p>
              <p className="member-card__no" aria-label={`회원증 번호 ${card.card_no}`}>
                {card.card_no}
              </p>
              <p className="member-card__valid">유효기간 {formatDay(card.valid_until)}까지</p>
            </>
          ) : (
            <p>{messages.error.temporary}</p>
          )}
        </section>
        <section className="card" aria-labelledby="balance-title">
          <h2 id="balance-title" className="card__title">
            포인트
          </h2>
          {point ? (
            <dl className="summary-list">
              <div>
                <dt>사용할 수 있는 포인트</dt>
                <dd className="summary-list__strong">{formatNumber(point.balance)}P</dd>
              </div>
              <div>
                <dt>올해 사용</dt>
                <dd>{formatNumber(point.spent_total)}P</dd>
              </div>
              <div>
                <dt>올해 회수</dt>
                <dd>{formatNumber(point.penalty_total)}P</dd>
              </div>
            </dl>
          ) : (
            <p className="empty">{messages.error.temporary}</p>
          )}
          <div className="card__actions">
            <Link className="btn btn--tertiary btn--small" to={hrefOf('information')}>
              회원정보 수정
            </Link>
            <Link className="btn btn--tertiary btn--small" to={hrefOf('bookstore')}>
              참여 서점 찾기
            </Link>
          </div>
        </section>
      </div>
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
        {rows === null ? (
          <p className="empty">{messages.error.temporary}</p>
        ) : rows.length === 0 ? (
          <p className="empty">내역이 없습니다.</p>
        ) : (
          <>
            <ul className="list-rows">
              {rows.map((r) => (
                <li key={r.key} className="list-row">
                  <span className="list-row__title">
                    {r.title}
                    {r.meta && <span className="list-row__sub">{r.meta}</span>}
                  </span>
                  <span className={`points-delta${r.points < 0 ? ' is-minus' : ''}`}>
                    {r.points > 0 ? '+' : ''}
                    {formatNumber(r.points)}P
                  </span>
                  <span className="list-row__meta">{formatDate(r.date)}</span>
                </li>
              ))}
            </ul>
            <Pagination page={page} size={PAGE_SIZE} total={total} label={`${current.label} 페이지`} />
          </>
        )}
      </section>
    </div>
  );
}
