/**
 * My page (docs/product.md §2 /mypage/mypage?search_type=buy): the member card (회원증) with its
 * barcode drawn by the server (/mypage/card.svg), the points balance, the member as the
 * library knows them (home library, loans this month against the limit, KakaoTalk
 * notices), and the member's lists — purchases at partner bookstores (search_type=buy),
 * 포인트 내역 (point: newest first, by month, activity and kind, with totals; it prints as
 * a statement) and penalties (penalty), and 알림: Web Push reminders on this browser (0066).
 * Everything streams in behind skeletons (0030).
 */
import { Suspense, useCallback, useRef } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import type { PointAnswer, PointEntry } from '#shared/contract/points.ts';
import type { PushConfigAnswer, PushStateAnswer } from '#shared/contract/push.ts';
import type { KapiInfoAnswer, LibraryUserAnswer, UserCardAnswer } from '#shared/contract/user.ts';
import { messages } from '#shared/messages.ts';
import { programmeLabels } from '#shared/messages-programme.ts';
import { hrefOf } from '#shared/routes.ts';
import type { PageMeta } from '#shared/ssr.ts';
import { mypageText } from './messages.ts';
import { ACTIVITY_KINDS, ENTRY_TYPES, STATEMENT_PAGE_SIZE, type Filters, type Totals } from './point-query.ts';
import { homepage as homepageOf, type Homepage } from '#client/api/homepage.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { useDocumentTitle } from '#client/components/document-title.ts';
import { formatDate, formatDay } from '#client/components/format.ts';
import { formatNumber } from '#shared/format-number.ts';
import { Pagination, pageParam } from '#client/components/pagination.tsx';
import { lastMonths, seoulToday } from '#client/components/seoul-day.ts';
import { useSessionUser } from '#client/session/session-context.tsx';
import { Tabs } from '#client/components/tabs.tsx';
import { useWithinPage } from '#client/components/within-page.ts';
import { withinText } from '#client/components/within-page-messages.ts';
import { lazyHere } from '#client/components/lazy-part.tsx';

/** 포인트 내역 (the statement) is its own chunk: the default tab (purchases) does not carry it. */
const Statement = lazyHere(() => import('./statement.tsx').then((m) => ({ default: m.Statement })));
/** 알림 (Web Push) too: its browser code and text come only with my page, after it. */
const PushSettings = lazyHere(() => import('./push-settings.tsx').then((m) => ({ default: m.PushSettings })));

const TABS = [
  { type: 'buy', label: mypageText.buy },
  { type: 'point', label: programmeLabels.pointHistory },
  { type: 'penalty', label: mypageText.penalty },
] as const;
type Tab = (typeof TABS)[number]['type'];
const PAGE_SIZE = 10;
/** Totals add up every entry of the filter: at most this many pages of 100. */
const TOTAL_PAGES_MAX = 20;

interface Row {
  key: number;
  title: string;
  meta: string;
  points: number;
  date: string;
}

type Listing = { rows: Row[]; entries: PointEntry[]; total: number } | { error: string };

export interface Data {
  tab: Tab;
  page: number;
  filters: Filters;
  months: string[];
  today: string;
  card: Promise<UserCardAnswer | ErrorAnswer>;
  point: Promise<PointAnswer | ErrorAnswer>;
  library: Promise<[LibraryUserAnswer | ErrorAnswer, KapiInfoAnswer | ErrorAnswer]>;
  list: Promise<Listing>;
  totals: Promise<Totals | null>;
  push: Promise<[PushConfigAnswer | ErrorAnswer, PushStateAnswer | ErrorAnswer]>;
}

function filtersOf(url: URL): Filters {
  const p = url.searchParams;
  const month = p.get('month') ?? '';
  const activity = p.get('activity_type') ?? '';
  const entry = p.get('entry_type') ?? '';
  return {
    month: /^[0-9]{4}-(0[1-9]|1[0-2])$/.test(month) ? month : '',
    activity: ACTIVITY_KINDS.find((t) => t === activity) ?? '',
    entry: ENTRY_TYPES.find((t) => t === entry) ?? '',
  };
}

function pointQuery(f: Filters) {
  return {
    ...(f.month ? { month: f.month } : {}),
    ...(f.activity ? { activity_type: f.activity } : {}),
    ...(f.entry ? { entry_type: f.entry } : {}),
  };
}

/** Earned, spent and clawed back over every entry of the filter (the statement's totals). */
async function totalsOf(api: Homepage, f: Filters): Promise<Totals | null> {
  const t: Totals = { earned: 0, spent: 0, clawedBack: 0 };
  for (let page = 1; page <= TOTAL_PAGES_MAX; page++) {
    const a = await api.get('/user/point/list', { query: { ...pointQuery(f), page, size: 100 } });
    if (a.result !== 'success') return null;
    for (const e of a.point_list) {
      if (e.entry_type === 'earn') t.earned += e.points;
      else if (e.entry_type === 'spend') t.spent -= e.points;
      else t.clawedBack -= e.points;
    }
    if (page * 100 >= a.total) return t;
  }
  return null;
}

export function loader({ context, request }: LoaderFunctionArgs): Data {
  const api = homepageOf(context);
  const url = new URL(request.url);
  const raw = url.searchParams.get('search_type');
  const tab: Tab = TABS.find((t) => t.type === raw)?.type ?? 'buy';
  const page = pageParam(request.url);
  const filters = filtersOf(url);
  const today = seoulToday();
  const list: Promise<Listing> =
    tab === 'penalty'
      ? api.get('/user/penalty/list', { query: { page, size: PAGE_SIZE } }).then((a) =>
          a.result === 'success'
            ? {
                total: a.total,
                entries: [],
                rows: a.penalty_list.map((p) => ({
                  key: p.penalty_key,
                  title: p.reason,
                  meta: p.suspended_until ? mypageText.suspendedUntil(formatDay(p.suspended_until)) : '',
                  points: p.points,
                  date: p.reg_date,
                })),
              }
            : { error: a.msg },
        )
      : api
          .get('/user/point/list', {
            query: tab === 'buy' ? { entry_type: 'spend', page, size: PAGE_SIZE } : { ...pointQuery(filters), page, size: STATEMENT_PAGE_SIZE },
          })
          .then((a) =>
            a.result === 'success'
              ? {
                  total: a.total,
                  // Only the statement (내역) reads whole entries; the other tabs show rows.
                  entries: tab === 'point' ? a.point_list : [],
                  rows: a.point_list.map((p) => ({
                    key: p.entry_key,
                    title: p.book_title ?? p.description,
                    meta: p.bookstore_name ?? (p.book_title ? p.description : ''),
                    points: p.points,
                    date: p.reg_date,
                  })),
                }
              : { error: a.msg },
          );
  return {
    tab,
    page,
    filters,
    months: lastMonths(today),
    today,
    card: api.get('/user/api/card'),
    point: api.get('/user/point'),
    library: Promise.all([api.get('/user/api/user'), api.get('/user/kapiinfo')]),
    list,
    totals: tab === 'point' ? totalsOf(api, filters) : Promise.resolve(null),
    push: Promise.all([api.get('/push/config'), api.get('/user/push')]),
  };
}

function MemberCard({ card }: { card: Promise<UserCardAnswer | ErrorAnswer> }) {
  return (
    <section className="member-card no-print" aria-labelledby="card-title">
      <h2 id="card-title" className="member-card__title">
        {programmeLabels.card}
      </h2>
      <Deferred value={card} fallback={<Skeleton lines={4} label={messages.loading} />}>
        {(a) =>
          a.result !== 'success' ? (
            <p>{a.msg}</p>
          ) : (
            <>
              <p className="member-card__name">{a.user_card.user_name}</p>
              <p className="member-card__library">{a.user_card.home_library}</p>
              {/* data-graphic: a picture a scanner reads, dark bars on white in every display mode (decision 0144). */}
              <div className="member-card__barcode" data-graphic="">
                <img src="/mypage/card.svg" alt={mypageText.barcodeAlt(a.user_card.card_no)} width={240} height={80} />
              </div>
              {/* An aria-label on a <p> is not read out (decision 0131): the words are hidden text. */}
              <p className="member-card__no">
                <span aria-hidden="true">{a.user_card.card_no}</span>
                <span className="sr-only">{mypageText.cardNoLabel(a.user_card.card_no)}</span>
              </p>
              <p className="member-card__valid">{mypageText.valid(formatDay(a.user_card.valid_until))}</p>
              <p className="member-card__valid">{mypageText.cardHint}</p>
            </>
          )
        }
      </Deferred>
    </section>
  );
}

function PushSection({ push }: Pick<Data, 'push'>) {
  return (
    <section className="card no-print" aria-labelledby="push-title">
      <h2 id="push-title" className="card__title">
        {mypageText.push}
      </h2>
      <Deferred value={push} fallback={<Skeleton lines={3} label={messages.loading} />}>
        {([config, state]) => <PushSettings config={config} state={state} />}
      </Deferred>
    </section>
  );
}

function Summary({ point, library }: Pick<Data, 'point' | 'library'>) {
  return (
    <div className="stack no-print">
      <section className="card" aria-labelledby="balance-title">
        <h2 id="balance-title" className="card__title">
          {mypageText.points}
        </h2>
        <Deferred value={point} fallback={<Skeleton lines={3} label={messages.loading} />}>
          {(a) =>
            a.result !== 'success' ? (
              <p className="empty">{a.msg}</p>
            ) : (
              <dl className="summary-list">
                <div>
                  <dt>{mypageText.balance}</dt>
                  <dd className="summary-list__strong">{formatNumber(a.point.balance)}P</dd>
                </div>
                <div>
                  <dt>{mypageText.spentYear}</dt>
                  <dd>{formatNumber(a.point.spent_total)}P</dd>
                </div>
                <div>
                  <dt>{mypageText.penaltyYear}</dt>
                  <dd>{formatNumber(a.point.penalty_total)}P</dd>
                </div>
              </dl>
            )
          }
        </Deferred>
        <div className="card__actions">
          <Link className="btn btn--tertiary btn--small" to={hrefOf('records')}>
            {mypageText.records}
          </Link>
          <Link className="btn btn--tertiary btn--small" to={hrefOf('information')}>
            {mypageText.editInfo}
          </Link>
          <Link className="btn btn--tertiary btn--small" to={hrefOf('bookstore')}>
            {mypageText.bookstores}
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="library-title">
        <h2 id="library-title" className="card__title">
          {mypageText.library}
        </h2>
        <Deferred value={library} fallback={<Skeleton lines={3} label={messages.loading} />}>
          {([u, k]) => (
            <dl className="summary-list">
              {u.result === 'success' ? (
                <>
                  <div>
                    <dt>{mypageText.homeLibrary}</dt>
                    <dd>{u.library_user.home_library}</dd>
                  </div>
                  <div>
                    <dt>{mypageText.loans}</dt>
                    <dd>{mypageText.loansValue(u.library_user.loan_count_month, u.library_user.loan_limit)}</dd>
                  </div>
                  <div>
                    <dt>{mypageText.memberValid}</dt>
                    <dd>
                      {formatDay(u.library_user.valid_until)} ({mypageText.statusNames[u.library_user.status]})
                    </dd>
                  </div>
                </>
              ) : (
                <div>
                  <dt>{mypageText.homeLibrary}</dt>
                  <dd>{u.msg}</dd>
                </div>
              )}
              <div>
                <dt>{mypageText.alimtalk}</dt>
                <dd>
                  {k.result !== 'success'
                    ? k.msg
                    : k.kapi_info.kakao_linked_yn !== 'Y'
                      ? mypageText.kakaoUnlinked
                      : k.kapi_info.alimtalk_yn === 'Y'
                        ? mypageText.alimtalkOn
                        : mypageText.alimtalkOff}
                </dd>
              </div>
            </dl>
          )}
        </Deferred>
      </section>
    </div>
  );
}

function Rows({ data, label }: { data: Data; label: string }) {
  return (
    <section aria-labelledby="list-title">
      <h2 id="list-title" className="section__title">
        {label}
      </h2>
      <Deferred value={data.list} fallback={<Skeleton lines={5} label={messages.loading} />}>
        {(l) => <RowList listing={l} page={data.page} label={label} />}
      </Deferred>
    </section>
  );
}

/** A tab's list: chosen just now, it takes the focus and says the tab and how many entries (decision 0143). */
function RowList({ listing: l, page, label }: { listing: Listing; page: number; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  const heading = useCallback(() => list.current ?? document.getElementById('list-title'), []);
  useWithinPage('error' in l ? l.error : withinText.list(label, l.total, l.rows.length), heading);
  if ('error' in l) return <p className="empty">{l.error}</p>;
  if (l.rows.length === 0) return <p className="empty">{mypageText.none}</p>;
  return (
    <>
      <ul ref={list} className="list-rows" aria-label={label}>
        {l.rows.map((r) => (
          <li key={r.key} className="list-row">
            <span className="list-row__title">
              {r.title}
              {r.meta && <span className="list-row__sub">{r.meta}</span>}
            </span>
            <span className={`points-delta${r.points < 0 ? ' is-minus' : ''}`}>{mypageText.pointsValue(r.points)}</span>
            <span className="list-row__meta">{formatDate(r.date)}</span>
          </li>
        ))}
      </ul>
      <Pagination page={page} size={PAGE_SIZE} total={l.total} label={mypageText.pagesOf(label)} />
    </>
  );
}

/** Each tab names the document (decision 0143): "포인트 내역 | 충북 독서포인트". */
export function meta({ tab }: Pick<Data, 'tab'>): PageMeta {
  return { title: (TABS.find((t) => t.type === tab) ?? TABS[0]).label };
}

export default function MypagePage() {
  const data = useLoaderData<Data>();
  const user = useSessionUser();
  useDocumentTitle(meta(data).title);
  const current = TABS.find((t) => t.type === data.tab) ?? TABS[0];
  return (
    <div className="container section stack">
      <div className="grid grid--2 no-print">
        <MemberCard card={data.card} />
        <Summary point={data.point} library={data.library} />
      </div>
      <PushSection push={data.push} />
      <Tabs
        className="no-print"
        label={mypageText.tabs}
        items={TABS.map((t) => ({ key: t.type, to: `?search_type=${t.type}`, label: t.label }))}
        current={current.type}
      />
      {data.tab === 'point' ? (
        <Suspense fallback={<Skeleton lines={8} label={messages.loading} />}>
          <Statement data={data} name={user?.user_name ?? ''} />
        </Suspense>
      ) : (
        <Rows data={data} label={current.label} />
      )}
    </div>
  );
}
