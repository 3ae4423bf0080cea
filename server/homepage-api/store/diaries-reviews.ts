/**
 * Diaries and reviews (docs/product.md §7 /activity/bookdiary, /activity/review): their rows
 * beside an activity, a review's edit, the member's diary and review lists, the diaries by
 * book, and a book's public reviews. Part of the activity store (activities.ts).
 */
import type { Diary, DiaryHistory, Review } from '#shared/contract/index.ts';
import { isoSeoul } from '../time.ts';
import type { Database } from './dialect.ts';
import { earned, filterParams, NEWEST, PERIOD, type ActivityFilter } from './member-lists.ts';
import { count, int, intOrNull, listedPage, listedTotal, str, strOrNull, limits, type Limit, type Listed, type Row } from './rows.ts';

export interface PublicReviewRow {
  activityId: number;
  memberId: number;
  userName: string;
  title: string;
  content: string;
  rating: number;
  activityDate: string;
}

function toReview(r: Row): Review {
  return {
    activity_key: int(r, 'activity_id'),
    isbn: str(r, 'r_isbn'),
    book_title: strOrNull(r, 'title'),
    book_author: strOrNull(r, 'author'),
    title: str(r, 'r_title'),
    content: str(r, 'content'),
    rating: int(r, 'rating'),
    ...earned(r),
    mod_date: strOrNull(r, 'edited_at'),
  };
}

export function diaryReviewStore(db: Database) {
  // Repeats and second reviews are refused by the partial unique indexes (migration 0008):
  // nothing is inserted, and the caller rolls its transaction back.
  const insertDiary = db.prepare(
    `INSERT INTO diaries (activity_id, isbn, content, read_pages, member_id, written_on) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (member_id, isbn, written_on, content) WHERE repeat_of IS NULL DO NOTHING`,
  );
  const insertReview = db.prepare(
    `INSERT INTO reviews (activity_id, isbn, title, content, rating, member_id) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (member_id, isbn) WHERE repeat_of IS NULL DO NOTHING`,
  );
  const reviewOfBook = db.prepare('SELECT activity_id FROM reviews WHERE member_id = ? AND isbn = ? AND repeat_of IS NULL');
  const updateReview = db.prepare(
    'UPDATE reviews SET title = :title, content = :content, rating = :rating, edited_at = :at WHERE activity_id = :id AND member_id = :m',
  );

  const diaryFrom = `FROM activities a JOIN diaries d ON d.activity_id = a.activity_id LEFT JOIN books b ON b.isbn = d.isbn
    WHERE a.member_id = :m ${PERIOD} AND (CAST(:isbn AS TEXT) IS NULL OR d.isbn = :isbn)`;
  const diaries = db.prepare(
    `SELECT a.*, d.isbn AS d_isbn, d.content, d.read_pages, b.title, b.author, ${listedTotal(diaryFrom)} ${diaryFrom}
      ${NEWEST} LIMIT :limit OFFSET :offset`,
  );
  const diaryCount = db.prepare(`SELECT count(*) AS n ${diaryFrom}`);
  const historyBase = `FROM activities a JOIN diaries d ON d.activity_id = a.activity_id
    WHERE a.member_id = :m ${PERIOD} AND (CAST(:isbn AS TEXT) IS NULL OR d.isbn = :isbn)`;
  const history = db.prepare(
    `SELECT g.*, b.title, b.author FROM (
       SELECT d.isbn, count(*) AS n, coalesce(sum(d.read_pages), 0) AS pages, min(a.activity_date) AS first_day,
              max(a.activity_date) AS last_day, max(a.activity_id) AS last_id ${historyBase} GROUP BY d.isbn) g
     LEFT JOIN books b ON b.isbn = g.isbn ORDER BY g.last_day DESC, g.last_id DESC LIMIT :limit OFFSET :offset`,
  );
  const historyCount = db.prepare(`SELECT count(DISTINCT d.isbn) AS n ${historyBase}`);
  const reviewFrom = `FROM activities a JOIN reviews rv ON rv.activity_id = a.activity_id LEFT JOIN books b ON b.isbn = rv.isbn
    WHERE a.member_id = :m ${PERIOD} AND (CAST(:isbn AS TEXT) IS NULL OR rv.isbn = :isbn)`;
  const reviewColumns = 'a.*, rv.isbn AS r_isbn, rv.title AS r_title, rv.content, rv.rating, rv.edited_at, b.title, b.author';
  const reviews = db.prepare(`SELECT ${reviewColumns} ${reviewFrom} ${NEWEST} LIMIT :limit OFFSET :offset`);
  const ownReview = db.prepare(
    `SELECT ${reviewColumns} FROM activities a JOIN reviews rv ON rv.activity_id = a.activity_id LEFT JOIN books b ON b.isbn = rv.isbn
      WHERE a.activity_id = :id AND a.member_id = :m`,
  );
  const reviewCount = db.prepare(`SELECT count(*) AS n ${reviewFrom}`);
  // One review per member on a book's page: copies stored before migration 0008 are left out.
  const publicFrom = `FROM reviews rv JOIN activities a ON a.activity_id = rv.activity_id JOIN members m ON m.member_id = a.member_id
    WHERE rv.isbn = :isbn AND a.status = 'recorded' AND rv.repeat_of IS NULL`;
  const publicReviews = db.prepare(
    `SELECT a.activity_id, a.member_id, a.activity_date, rv.title, rv.content, rv.rating, m.user_name ${publicFrom}
      ${NEWEST} LIMIT :limit OFFSET :offset`,
  );
  const publicReviewCount = db.prepare(`SELECT count(*) AS n ${publicFrom}`);

  return {
    /**
     * The diary row of an activity; false (nothing inserted) when the member already has a
     * diary of the same book, day and text. Call in a transaction, and roll it back on false.
     */
    async addDiary(activityId: number, d: { memberId: number; isbn: string; content: string; readPages: number | null; writtenOn: string }): Promise<boolean> {
      return Number((await insertDiary.run(activityId, d.isbn, d.content, d.readPages, d.memberId, d.writtenOn)).changes) === 1;
    },

    /**
     * The review row of an activity; false (nothing inserted) when the member already has a
     * review of the book. Call in a transaction, and roll it back on false.
     */
    async addReview(activityId: number, r: { memberId: number; isbn: string; title: string; content: string; rating: number }): Promise<boolean> {
      return Number((await insertReview.run(activityId, r.isbn, r.title, r.content, r.rating, r.memberId)).changes) === 1;
    },

    /** The member's review of a book (its activity id), if they wrote one. */
    async reviewOfBook(memberId: number, isbn: string): Promise<number | undefined> {
      const r = await reviewOfBook.get(memberId, isbn);
      return r ? int(r, 'activity_id') : undefined;
    },

    /** Replaces the title, text and rating of the member's own review; false when it is not theirs or does not exist. */
    async updateReview(memberId: number, activityId: number, r: { title: string; content: string; rating: number }, at: number): Promise<boolean> {
      return Number((await updateReview.run({ id: activityId, m: memberId, title: r.title, content: r.content, rating: r.rating, at: isoSeoul(at) })).changes) === 1;
    },

    /** The member's own review, as their review list shows it. */
    async ownReview(memberId: number, activityId: number): Promise<Review | undefined> {
      const r = await ownReview.get({ id: activityId, m: memberId });
      return r ? toReview(r) : undefined;
    },

    async diaries(f: ActivityFilter, page: Limit): Promise<Listed<Diary>> {
      const params = filterParams(f);
      return listedPage(await diaries.all({ ...params, ...limits(page) }), page, () => diaryCount.get(params), (r) => ({
        activity_key: int(r, 'activity_id'),
        isbn: str(r, 'd_isbn'),
        book_title: strOrNull(r, 'title'),
        book_author: strOrNull(r, 'author'),
        content: str(r, 'content'),
        read_pages: intOrNull(r, 'read_pages'),
        ...earned(r),
      }));
    },

    /** Diaries grouped by book: how many, pages read, first and last day. */
    async diaryHistory(f: ActivityFilter, page: Limit): Promise<Listed<DiaryHistory>> {
      const params = filterParams(f);
      return {
        rows: (await history.all({ ...params, ...limits(page) })).map((r) => ({
          isbn: str(r, 'isbn'),
          book_title: strOrNull(r, 'title'),
          book_author: strOrNull(r, 'author'),
          diary_count: int(r, 'n'),
          total_pages: int(r, 'pages'),
          first_date: str(r, 'first_day'),
          last_date: str(r, 'last_day'),
        })),
        total: count(await historyCount.get(params)),
      };
    },

    async reviews(f: ActivityFilter, page: Limit): Promise<Listed<Review>> {
      const params = filterParams(f);
      return {
        rows: (await reviews.all({ ...params, ...limits(page) })).map(toReview),
        total: count(await reviewCount.get(params)),
      };
    },

    /** A book's reviews that were not revoked, newest first, with their writers' names. */
    async publicReviews(isbn: string, page: Limit): Promise<Listed<PublicReviewRow>> {
      return {
        rows: (await publicReviews.all({ isbn, ...limits(page) })).map((r) => ({
          activityId: int(r, 'activity_id'),
          memberId: int(r, 'member_id'),
          userName: str(r, 'user_name'),
          title: str(r, 'title'),
          content: str(r, 'content'),
          rating: int(r, 'rating'),
          activityDate: str(r, 'activity_date'),
        })),
        total: count(await publicReviewCount.get({ isbn })),
      };
    },
  };
}
