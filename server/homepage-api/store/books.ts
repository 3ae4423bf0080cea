/** The book catalogue (decision 0103): books, their reading counts, popular books and search. */
import type { Book, PopularBook } from '#shared/contract/books.ts';
import { bookSearcher, toBook } from '../search/book-search.ts';
import type { Database } from './db.ts';
import { count, int, limits, type Limit, type Listed } from './rows.ts';

export interface BookStats {
  diaryCount: number;
  reviewCount: number;
  averageRating: number | null;
}

export interface PopularFilter {
  from: string;
  to: string;
  /** City or county (a Cheongju gu counts for Cheongju). */
  city: string | null;
  /** Birth years, inclusive. */
  bornFrom: number | null;
  bornTo: number | null;
}

export function bookStore(db: Database) {
  const byIsbn = db.prepare('SELECT * FROM books WHERE isbn = ?');
  const exists = db.prepare('SELECT 1 FROM books WHERE isbn = ?');
  const stats = db.prepare(
    `SELECT (SELECT count(*) FROM activities WHERE isbn = :isbn AND activity_type = 'diary' AND status = 'recorded') AS diaries,
            (SELECT count(*) FROM reviews r JOIN activities a USING (activity_id) WHERE r.isbn = :isbn AND a.status = 'recorded' AND r.repeat_of IS NULL) AS reviews,
            (SELECT avg(r.rating) FROM reviews r JOIN activities a USING (activity_id) WHERE r.isbn = :isbn AND a.status = 'recorded' AND r.repeat_of IS NULL) AS rating`,
  );
  const popularBase = `FROM activities a JOIN members m ON m.member_id = a.member_id
    WHERE a.isbn IS NOT NULL AND a.status = 'recorded' AND a.activity_type IN ('diary', 'review', 'loan')
      AND a.day BETWEEN :from AND :to
      AND (CAST(:city AS TEXT) IS NULL OR m.city_code = :city OR m.city_code IN (SELECT region_code FROM regions WHERE parent_code = :city))
      AND (CAST(:bornFrom AS INTEGER) IS NULL OR m.birth_year BETWEEN :bornFrom AND :bornTo)`;
  const popular = db.prepare(
    `SELECT b.*, g.d, g.r, g.l, g.score FROM (
       SELECT a.isbn, count(*) FILTER (WHERE a.activity_type = 'diary') AS d, count(*) FILTER (WHERE a.activity_type = 'review') AS r,
              count(*) FILTER (WHERE a.activity_type = 'loan') AS l,
              sum(CASE a.activity_type WHEN 'diary' THEN 1 WHEN 'review' THEN 3 ELSE 2 END) AS score
       ${popularBase} GROUP BY a.isbn) g JOIN books b ON b.isbn = g.isbn
     ORDER BY g.score DESC, g.r DESC, b.book_id LIMIT :limit OFFSET :offset`,
  );
  const popularCount = db.prepare(`SELECT count(DISTINCT a.isbn) AS n ${popularBase} AND a.isbn IN (SELECT isbn FROM books)`);

  return {
    search: bookSearcher(db),

    async byIsbn(isbn: string): Promise<Book | undefined> {
      const r = await byIsbn.get(isbn);
      return r ? toBook(r) : undefined;
    },

    async exists(isbn: string): Promise<boolean> {
      return await exists.get(isbn) !== undefined;
    },

    /** Recorded (not revoked) diaries and reviews of a book, and its average rating. */
    async stats(isbn: string): Promise<BookStats> {
      const s = await stats.get({ isbn }) ?? {};
      const rating = s['rating'];
      return {
        diaryCount: int(s, 'diaries'),
        reviewCount: int(s, 'reviews'),
        averageRating: typeof rating === 'number' ? Math.round(rating * 10) / 10 : null,
      };
    },

    /** Books ranked by diaries (1), reviews (3) and loans (2) in the period; rank counts from the page's offset. */
    async popular(f: PopularFilter, page: Limit): Promise<Listed<PopularBook>> {
      const params = { from: f.from, to: f.to, city: f.city, bornFrom: f.bornFrom, bornTo: f.bornTo };
      return {
        rows: (await popular.all({ ...params, ...limits(page) })).map((r, i) => ({
          rank: page.offset + i + 1,
          ...toBook(r),
          diary_count: int(r, 'd'),
          review_count: int(r, 'r'),
          loan_count: int(r, 'l'),
          score: int(r, 'score'),
        })),
        total: count(await popularCount.get(params)),
      };
    },
  };
}

