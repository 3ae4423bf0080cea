/**
 * 나의 독서 기록 (/activity/records?type=…): what the member did, read back page by page —
 * 나의 독서일지 (the entries, and each book's diary history: how many entries, pages,
 * from when to when), 나의 서평 (full text), and the certifications (loans, purchases,
 * author talks, education, club meetings). Lists are newest first (the API's order) and
 * stream in behind skeletons (decision 0030).
 */
import { useCallback, type ReactNode } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type {
  AuthenticationListAnswer, AuthenticationType, DiaryHistoryAnswer, DiaryListAnswer, ReviewListAnswer,
} from '#shared/contract/activity.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { messages } from '#shared/messages.ts';
import { monthCount, programmeLabels } from '#shared/messages-programme.ts';
import { hrefOf } from '#shared/routes.ts';
import type { PageMeta } from '#shared/ssr.ts';
import { recordsText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { ActivityRows } from '#client/components/activity-rows.tsx';
import { isbnParam } from '#client/components/book-lookup.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { useDocumentTitle } from '#client/components/document-title.ts';
import { formatDay } from '#client/components/format.ts';
import { formatNumber } from '#shared/format-number.ts';
import { Pagination, pageParam } from '#client/components/pagination.tsx';
import { Stars } from '#client/components/stars.tsx';
import { Tabs } from '#client/components/tabs.tsx';
import { useWithinPage } from '#client/components/within-page.ts';
import { withinText } from '#client/components/within-page-messages.ts';
import { ListState } from '#client/components/list-state.tsx';

const PAGE_SIZE = 10;
const HISTORY_SIZE = 50;

const KINDS = [
  { type: 'diary', label: programmeLabels.diaries },
  { type: 'review', label: programmeLabels.reviews },
  { type: 'loan', label: recordsText.loan },
  { type: 'purchase', label: recordsText.purchase },
  { type: 'authortalk', label: recordsText.authortalk },
  { type: 'edu', label: recordsText.edu },
  { type: 'bookclub', label: recordsText.bookclub },
] as const;
type Kind = (typeof KINDS)[number]['type'];

/** Every list is a promise at the top level of the data (decision 0030): null when the kind is another. */
interface Data {
  type: Kind;
  page: number;
  /** The book whose diary entries are shown (diaries), or ''. */
  isbn: string;
  history: Promise<DiaryHistoryAnswer | ErrorAnswer> | null;
  entries: Promise<DiaryListAnswer | ErrorAnswer> | null;
  reviews: Promise<ReviewListAnswer | ErrorAnswer> | null;
  certs: Promise<AuthenticationListAnswer | ErrorAnswer> | null;
}

export function loader({ context, request }: LoaderFunctionArgs): Data {
  const raw = new URL(request.url).searchParams.get('type');
  const type: Kind = KINDS.find((k) => k.type === raw)?.type ?? 'diary';
  const page = pageParam(request.url);
  const api = homepage(context);
  const paging = { page, size: PAGE_SIZE };
  const isbn = type === 'diary' ? isbnParam(request.url) : '';
  return {
    type,
    page,
    isbn,
    history: type === 'diary' ? api.get('/activity/getbookdiaryhistorylist', { query: { size: HISTORY_SIZE } }) : null,
    entries: type === 'diary' ? api.get('/activity/getbookdiaryinfolist', { query: { ...paging, ...(isbn ? { isbn } : {}) } }) : null,
    reviews: type === 'review' ? api.get('/activity/getbookreviewinfolist', { query: paging }) : null,
    certs: type !== 'diary' && type !== 'review' ? api.get('/activity/authentication/:type', { params: { type }, query: paging }) : null,
  };
}

/** Each kind names the document (decisions 0041, 0143): "나의 독서일지", "대출 기록". */
export function meta({ type }: Pick<Data, 'type'>): PageMeta {
  const kind = KINDS.find((k) => k.type === type) ?? KINDS[0];
  return { title: type === 'diary' || type === 'review' ? kind.label : recordsText.kindTitle(kind.label) };
}

function Loading() {
  return <Skeleton lines={5} label={messages.loading} />;
}

/** The list of the kind chosen just now (a tab, decision 0143): it takes the focus (none: its heading) and says how many. */
function Arrival({ label, answer, shown }: { label: string; answer: { result: 'success'; total: number } | ErrorAnswer; shown: number }) {
  const list = useCallback(() => document.querySelector<HTMLElement>('main :is(.entry-list, .list-rows)') ?? document.querySelector<HTMLElement>('#entries-title, #list-title'), []);
  useWithinPage(answer.result === 'success' ? withinText.list(label, answer.total, shown) : answer.msg, list);
  return null;
}

/** A kind's list once its answer is here (with its Arrival): the API's refusal as a line, else the list. */
function Answered<A extends { result: 'success'; total: number }>({
  value,
  label,
  shown,
  children,
}: {
  value: Promise<A | ErrorAnswer>;
  label: string;
  shown(a: A): number;
  children(a: A): ReactNode;
}) {
  return (
    <Deferred value={value} fallback={<Loading />}>
      {(a) => (
        <>
          <Arrival label={label} answer={a} shown={a.result === 'success' ? shown(a) : 0} />
          {a.result === 'success' ? children(a) : <p className="empty">{a.msg}</p>}
        </>
      )}
    </Deferred>
  );
}

function DiaryLists({
  isbn,
  history,
  entries,
  page,
}: {
  isbn: string;
  history: Promise<DiaryHistoryAnswer | ErrorAnswer>;
  entries: Promise<DiaryListAnswer | ErrorAnswer>;
  page: number;
}) {
  return (
    <div className="split split--wide">
      <section aria-labelledby="history-title">
        <h2 id="history-title" className="section__title">
          {recordsText.byBook}
        </h2>
        <p className="field__hint">{recordsText.byBookHint}</p>
        <Deferred value={history} fallback={<Loading />}>
          {(answer) => (
            <ListState of={answer} items={(x) => x.history_list} none={recordsText.noDiary}>
              {(a) => (
                <ul className="history-list">
                  {a.history_list.map((h) => (
                    <li key={h.isbn}>
                      <Link
                        className="history"
                        to={`?type=diary&isbn=${h.isbn}`}
                        aria-current={h.isbn === isbn ? 'true' : undefined}
                      >
                        <strong className="history__title">{h.book_title ?? h.isbn}</strong>
                        <span className="history__meta">{recordsText.historyLine(h.diary_count, h.total_pages)}</span>
                        <span className="history__meta">{recordsText.period(formatDay(h.first_date), formatDay(h.last_date))}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </ListState>
          )}
        </Deferred>
      </section>
      <section aria-labelledby="entries-title">
        <Deferred value={entries} fallback={<Loading />}>
          {(a) => {
            const title = isbn && a.result === 'success' ? a.diary_list[0]?.book_title : null;
            return (
              <>
                <Arrival label={programmeLabels.diaries} answer={a} shown={a.result === 'success' ? a.diary_list.length : 0} />
                <h2 id="entries-title" className="section__title">
                  {title ? recordsText.entriesOf(title) : recordsText.entries}
                </h2>
                {isbn && (
                  <p className="card__more">
                    <Link to="?type=diary">{recordsText.allBooks}</Link> · <Link to={`/book/${isbn}`}>{programmeLabels.diary}</Link>
                  </p>
                )}
                <ListState
                  of={a}
                  items={(x) => x.diary_list}
                  none={
                    <p className="empty">
                      {recordsText.noDiary} <Link to={hrefOf('bookSearch')}>{recordsText.write}</Link>
                    </p>
                  }
                >
                  {(a) => (
                    <>
                      <p className="list-count">{recordsText.total(a.total)}</p>
                      <ul className="entry-list">
                        {a.diary_list.map((d) => (
                          <li key={d.activity_key} className="entry">
                            <p className="entry__title">
                              <Link to={`/book/${d.isbn}`}>{d.book_title ?? d.isbn}</Link>
                              {d.status === 'revoked' && ` (${recordsText.revoked})`}
                            </p>
                            <p className="entry__meta">
                              <time dateTime={d.activity_date}>{formatDay(d.activity_date)}</time>
                              {d.read_pages !== null && <span>{recordsText.readPages(d.read_pages)}</span>}
                              <span className="points-delta">{d.points > 0 ? `+${formatNumber(d.points)}P` : '0P'}</span>
                            </p>
                            <p className="entry__text">{d.content}</p>
                          </li>
                        ))}
                      </ul>
                      <Pagination page={page} size={PAGE_SIZE} total={a.total} label={recordsText.pagesLabel(programmeLabels.diaries)} />
                    </>
                  )}
                </ListState>
              </>
            );
          }}
        </Deferred>
      </section>
    </div>
  );
}

function ReviewList({ reviews, page }: { reviews: Promise<ReviewListAnswer | ErrorAnswer>; page: number }) {
  return (
    <Answered value={reviews} label={programmeLabels.reviews} shown={(a) => a.review_list.length}>
      {(a) =>
        a.review_list.length === 0 ? (
          <p className="empty">
            {recordsText.noReview} <Link to={hrefOf('review')}>{programmeLabels.review}</Link>
          </p>
        ) : (
          <>
            <p className="list-count">{recordsText.total(a.total)}</p>
            <ul className="entry-list">
              {a.review_list.map((r) => (
                <li key={r.activity_key} className="entry">
                  <h3 className="entry__title">
                    {r.title}
                    {r.status === 'revoked' && ` (${recordsText.revoked})`}
                  </h3>
                  <p className="entry__meta">
                    <Link to={`/book/${r.isbn}`}>{r.book_title ?? r.isbn}</Link>
                    <Stars value={r.rating} label={recordsText.ratingLabel(r.rating)} />
                    <time dateTime={r.activity_date}>{formatDay(r.activity_date)}</time>
                    <span className="points-delta">{r.points > 0 ? `+${formatNumber(r.points)}P` : '0P'}</span>
                  </p>
                  <p className="entry__text">{r.content}</p>
                  {r.status === 'recorded' && (
                    <p className="entry__actions">
                      <Link className="btn btn--small btn--tertiary" to={`${hrefOf('review')}?isbn=${r.isbn}`} aria-label={recordsText.editLabel(r.title)}>
                        {recordsText.edit}
                      </Link>
                    </p>
                  )}
                </li>
              ))}
            </ul>
            <Pagination page={page} size={PAGE_SIZE} total={a.total} label={recordsText.pagesLabel(programmeLabels.reviews)} />
          </>
        )
      }
    </Answered>
  );
}

function CertList({ type, label, certs, page }: { type: AuthenticationType; label: string; certs: Promise<AuthenticationListAnswer | ErrorAnswer>; page: number }) {
  const where = type === 'edu' ? hrefOf('edu') : type === 'bookclub' ? hrefOf('bookclub') : `${hrefOf('certify')}?type=${type}`;
  return (
    <Answered value={certs} label={label} shown={(a) => a.activity_list.length}>
      {(a) => (
        <>
          <p className="month-status">
            <strong>{label}</strong>
            <span>{monthCount(a.earned_count_month, a.monthly_limit)}</span>
            {type !== 'bookclub' && <Link to={where}>{recordsText.certify}</Link>}
          </p>
          {a.activity_list.length === 0 ? (
            <p className="empty">{recordsText.noCert}</p>
          ) : (
            <>
              <p className="list-count">{recordsText.total(a.total)}</p>
              <ActivityRows items={a.activity_list} showType={false} />
              <Pagination page={page} size={PAGE_SIZE} total={a.total} label={recordsText.pagesLabel(label)} />
            </>
          )}
        </>
      )}
    </Answered>
  );
}

export default function RecordsPage() {
  const data = useLoaderData<Data>();
  const { type, page, isbn, history, entries, reviews, certs } = data;
  useDocumentTitle(meta(data).title);
  const current = KINDS.find((k) => k.type === type) ?? KINDS[0];
  return (
    <div className="container section stack">
      <Tabs label={recordsText.kinds} items={KINDS.map((k) => ({ key: k.type, to: `?type=${k.type}`, label: k.label }))} current={type} />
      {history && entries ? (
        <DiaryLists isbn={isbn} history={history} entries={entries} page={page} />
      ) : (
        <section aria-labelledby="list-title" className="stack">
          <h2 id="list-title" className="section__title">
            {current.label}
          </h2>
          {reviews ? (
            <ReviewList reviews={reviews} page={page} />
          ) : certs && type !== 'diary' && type !== 'review' ? (
            <CertList type={type} label={current.label} certs={certs} page={page} />
          ) : null}
        </section>
      )}
    </div>
  );
}
