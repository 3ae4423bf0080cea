/**
 * A book (/book/{isbn}): a drawn cover, title, author, publisher, year, how much members
 * read and rate it; for a member, their own diaries and reviews of it; the actions
 * 독서일지 쓰기 / 서평 쓰기; and the book's public reviews (names masked), page by page.
 * Only the book decides the answer (an unknown ISBN goes home, docs/product.md §4) and is awaited;
 * the lists stream in behind skeletons (decision 0030). `meta` names the book in the
 * document head for link previews (og:type book).
 */
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { BookAnswer, BookReviewsAnswer } from '#shared/contract/books.ts';
import type { DiaryListAnswer, ReviewListAnswer } from '#shared/contract/activity.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { messages } from '#shared/messages.ts';
import { programmeLabels } from '#shared/messages-programme.ts';
import { HOME_PATH, hrefOf } from '#shared/routes.ts';
import type { PageMeta } from '#shared/ssr.ts';
import { bookText } from './messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { Deferred, Skeleton } from '#client/components/deferred.tsx';
import { useDocumentTitle } from '#client/components/document-title.ts';
import { formatDay } from '#client/components/format.ts';
import { forMember } from '#client/components/member.ts';
import { Pagination, pageParam } from '#client/components/pagination.tsx';
import { Stars } from '#client/components/stars.tsx';
import { ListState } from '#client/components/list-state.tsx';

const REVIEW_PAGE_SIZE = 5;
const MINE_SIZE = 5;

type Found = Extract<BookAnswer, { result: 'success' }>;

interface Data {
  book: Found;
  page: number;
  reviews: Promise<BookReviewsAnswer | ErrorAnswer>;
  /** The member's own diaries and reviews of this book (null for visitors). */
  myDiaries: Promise<DiaryListAnswer | ErrorAnswer> | null;
  myReviews: Promise<ReviewListAnswer | ErrorAnswer> | null;
}

export async function loader({ context, params, request }: LoaderFunctionArgs): Promise<Data> {
  // The page table has checked the ISBN's pattern before this runs.
  const isbn = params['isbn'] ?? '';
  const api = homepage(context);
  const book = await api.get('/book/:isbn', { params: { isbn } });
  if (book.result !== 'success') {
    // A book the catalogue does not have is a page that does not exist (docs/product.md §4).
    if (book.code !== 'unavailable') throw redirect(HOME_PATH);
    throw new Response(book.msg, { status: 503 });
  }
  const page = pageParam(request.url);
  const member = forMember(context);
  return {
    book,
    page,
    reviews: api.get('/book/:isbn/reviews', { params: { isbn }, query: { page, size: REVIEW_PAGE_SIZE } }),
    myDiaries: member ? api.get('/activity/getbookdiaryinfolist', { query: { isbn, size: MINE_SIZE } }) : null,
    myReviews: member ? api.get('/activity/getbookreviewinfolist', { query: { isbn, size: MINE_SIZE } }) : null,
  };
}

/** The book in the document head: its title, and who wrote it and what members made of it. */
export function meta({ book: a }: Pick<Data, 'book'>): PageMeta {
  const b = a.book;
  return {
    title: `${b.title} - ${b.author}`,
    description: bookText.description(b.author, b.publisher, b.pub_year, a.diary_count, a.review_count, a.average_rating),
    type: 'book',
  };
}

export default function BookPage() {
  const data = useLoaderData<Data>();
  const { book: answer, reviews, myDiaries, myReviews, page } = data;
  const b = answer.book;
  useDocumentTitle(meta(data).title);
  return (
    <div className="container section stack">
      <article className="book-detail" aria-labelledby="book-title">
        <div className="book-detail__cover" aria-hidden="true">
          <span className="book-detail__cover-title">{b.title}</span>
          <span className="book-detail__cover-author">{b.author}</span>
        </div>
        <div className="book-detail__body">
          <p className="badge badge--gray">{b.subject}</p>
          <h2 id="book-title" className="book-detail__title">
            {b.title}
          </h2>
          <dl className="book-detail__facts">
            <div>
              <dt>{bookText.author}</dt>
              <dd>{b.author}</dd>
            </div>
            <div>
              <dt>{bookText.publisher}</dt>
              <dd>{b.publisher}</dd>
            </div>
            <div>
              <dt>{bookText.year}</dt>
              <dd>{b.pub_year}</dd>
            </div>
            <div>
              <dt>{bookText.isbn}</dt>
              <dd>{b.isbn}</dd>
            </div>
          </dl>
          <p className="book-detail__stats">
            <span>{bookText.stats(answer.diary_count, answer.review_count)}</span>
            {answer.average_rating !== null && (
              <span className="book-detail__rating">
                <Stars value={Math.round(answer.average_rating)} label={bookText.rating(answer.average_rating)} number={false} />
                {answer.average_rating.toFixed(1)}
              </span>
            )}
          </p>
          <div className="card__actions">
            <Link className="btn btn--primary" to={`${hrefOf('diary')}?isbn=${b.isbn}`}>
              {programmeLabels.diary}
            </Link>
            <Link className="btn btn--secondary" to={`${hrefOf('review')}?isbn=${b.isbn}`}>
              {programmeLabels.review}
            </Link>
          </div>
          {!myDiaries && <p className="field__hint">{bookText.visitorHint}</p>}
        </div>
      </article>

      {myDiaries && myReviews && (
        <section className="card" aria-labelledby="mine-title">
          <h2 id="mine-title" className="card__title">
            {bookText.mine}
          </h2>
          <div className="grid grid--2">
            <div>
              <h3 className="sub-title">{bookText.myDiaries}</h3>
              <Deferred value={myDiaries} fallback={<Skeleton lines={3} label={messages.loading} />}>
                {(answer) => (
                  <ListState of={answer} items={(x) => x.diary_list} none={bookText.noDiary}>
                    {(a) => (
                      <>
                        <ul className="entry-list">
                          {a.diary_list.map((d) => (
                            <li key={d.activity_key} className="entry">
                              <p className="entry__meta">
                                <time dateTime={d.activity_date}>{formatDay(d.activity_date)}</time>
                                {d.read_pages !== null && ` · ${bookText.pages(d.read_pages)}`}
                                {` · +${d.points}P`}
                              </p>
                              <p className="entry__text">{d.content}</p>
                            </li>
                          ))}
                        </ul>
                        {a.total > a.diary_list.length && (
                          <p className="card__more">
                            <Link to={`${hrefOf('records')}?type=diary&isbn=${b.isbn}`}>{bookText.allDiaries}</Link>
                          </p>
                        )}
                      </>
                    )}
                  </ListState>
                )}
              </Deferred>
            </div>
            <div>
              <h3 className="sub-title">{bookText.myReviews}</h3>
              <Deferred value={myReviews} fallback={<Skeleton lines={3} label={messages.loading} />}>
                {(answer) => (
                  <ListState of={answer} items={(x) => x.review_list} none={bookText.noReview}>
                    {(a) => (
                      <ul className="entry-list">
                        {a.review_list.map((r) => (
                          <li key={r.activity_key} className="entry">
                            <p className="entry__title">
                              {r.title}
                              {r.status === 'revoked' && ` (${bookText.revoked})`}
                            </p>
                            <p className="entry__meta">
                              <Stars value={r.rating} label={bookText.ratingLabel(r.rating)} />
                              <time dateTime={r.activity_date}>{formatDay(r.activity_date)}</time>
                              {` · +${r.points}P`}
                            </p>
                            <p className="entry__text">{r.content}</p>
                          </li>
                        ))}
                      </ul>
                    )}
                  </ListState>
                )}
              </Deferred>
            </div>
          </div>
        </section>
      )}

      <section aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="section__title">
          {bookText.publicReviews}
        </h2>
        <Deferred value={reviews} fallback={<Skeleton lines={5} label={messages.loading} />}>
          {(answer) => (
            <ListState of={answer} items={(x) => x.review_list} none={bookText.noPublicReview}>
              {(a) => (
                <>
                  <ul className="entry-list entry-list--public">
                    {a.review_list.map((r) => (
                      <li key={r.review_key} className="entry">
                        <p className="entry__title">
                          {r.title}
                          {r.mine_yn === 'Y' && <span className="badge">{bookText.mineBadge}</span>}
                        </p>
                        <p className="entry__meta">
                          <Stars value={r.rating} label={bookText.ratingLabel(r.rating)} />
                          <span>{r.user_name}</span>
                          <time dateTime={r.activity_date}>{formatDay(r.activity_date)}</time>
                        </p>
                        <p className="entry__text">{r.content}</p>
                      </li>
                    ))}
                  </ul>
                  <Pagination page={page} size={REVIEW_PAGE_SIZE} total={a.total} label={bookText.reviewPages} />
                </>
              )}
            </ListState>
          )}
        </Deferred>
      </section>
    </div>
  );
}
