/** Book search and detail, popular books (spec §7), partner bookstores. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BookAnswer, BookSearchAnswer, BookSearchQuery, BookstoreListAnswer, BookstoreQuery, IsbnParams, PopularAnswer,
  PopularQuery, type Bookstore,
} from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { errorAnswers, notFound } from '../errors.ts';
import { bookSearcher, toBook } from '../search/book-search.ts';
import { int, paging, str, strOrNull, type Row } from '../store/rows.ts';
import { regionName } from '../store/members.ts';
import { addDays, seoulDay } from '../time.ts';
import { checkPeriod } from './activity.ts';

export const bookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, settings } = app;
  const search = bookSearcher(db);

  app.get(
    '/book/search',
    {
      schema: {
        tags: ['book'],
        summary: '도서 검색: 제목·저자·출판사·ISBN, 부분 일치(두 글자 포함), 초성(ㅎㄱ), 관련도순',
        querystring: BookSearchQuery,
        response: { 200: BookSearchAnswer, ...errorAnswers(400) },
      },
    },
    (req) => {
      const pg = paging(req.query.page, req.query.size);
      const r = search(req.query.query, req.query.field ?? 'all', pg.limit, pg.offset);
      return {
        result: 'success' as const,
        book_list: r.books,
        chosung_yn: r.chosung ? ('Y' as const) : ('N' as const),
        page: pg.page,
        size: pg.size,
        total: r.total,
      };
    },
  );

  const getBook = db.prepare('SELECT * FROM books WHERE isbn = ?');
  const bookStats = db.prepare(
    `SELECT (SELECT count(*) FROM activities WHERE isbn = :isbn AND activity_type = 'diary' AND status = 'recorded') AS diaries,
            (SELECT count(*) FROM reviews r JOIN activities a USING (activity_id) WHERE r.isbn = :isbn AND a.status = 'recorded') AS reviews,
            (SELECT avg(r.rating) FROM reviews r JOIN activities a USING (activity_id) WHERE r.isbn = :isbn AND a.status = 'recorded') AS rating`,
  );
  app.get(
    '/book/:isbn',
    {
      schema: {
        tags: ['book'],
        summary: '도서 상세와 독서일지·서평 수',
        params: IsbnParams,
        response: { 200: BookAnswer, ...errorAnswers(400, 404) },
      },
    },
    (req) => {
      const r = getBook.get(req.params.isbn);
      if (!r) throw notFound(apiMessages.book.notFound);
      const s = bookStats.get({ isbn: req.params.isbn }) ?? {};
      const rating = s['rating'];
      return {
        result: 'success' as const,
        book: toBook(r),
        diary_count: int(s, 'diaries'),
        review_count: int(s, 'reviews'),
        average_rating: typeof rating === 'number' ? Math.round(rating * 10) / 10 : null,
      };
    },
  );

  app.get(
    '/popular/popularbooklist',
    {
      schema: {
        tags: ['book'],
        summary: '인기 도서: 기간 동안의 독서일지·서평·대출로 순위(연령대·지역 필터)',
        querystring: PopularQuery,
        response: { 200: PopularAnswer, ...errorAnswers(400) },
      },
    },
    (req) => {
      const q = req.query;
      checkPeriod(q.from, q.to);
      const today = seoulDay(settings.clock());
      const back = { week: 6, month: 29, year: 364 }[q.period ?? 'month'];
      const to = q.to ?? today;
      const from = q.from ?? addDays(to, -back);
      const pg = paging(q.page, q.size);
      const year = Number(today.slice(0, 4));
      const age = q.age_group === undefined ? null : Number(q.age_group);
      const params = {
        from, to, city: q.city_code ?? null,
        ageLo: age === null ? null : year - (age === 60 ? 200 : age + 9),
        ageHi: age === null ? null : year - age,
      };
      const base = `FROM activities a JOIN members m ON m.member_id = a.member_id
        WHERE a.isbn IS NOT NULL AND a.status = 'recorded' AND a.activity_type IN ('diary', 'review', 'loan')
          AND a.day BETWEEN :from AND :to
          AND (:city IS NULL OR m.city_code = :city OR m.city_code IN (SELECT region_code FROM regions WHERE parent_code = :city))
          AND (:ageLo IS NULL OR m.birth_year BETWEEN :ageLo AND :ageHi)`;
      const rows = db
        .prepare(
          `SELECT b.*, g.d, g.r, g.l, g.score FROM (
             SELECT a.isbn, sum(a.activity_type = 'diary') AS d, sum(a.activity_type = 'review') AS r,
                    sum(a.activity_type = 'loan') AS l,
                    sum(CASE a.activity_type WHEN 'diary' THEN 1 WHEN 'review' THEN 3 ELSE 2 END) AS score
             ${base} GROUP BY a.isbn) g JOIN books b ON b.isbn = g.isbn
           ORDER BY g.score DESC, g.r DESC, b.book_id LIMIT :limit OFFSET :offset`,
        )
        .all({ ...params, limit: pg.limit, offset: pg.offset });
      const total = int(
        db.prepare(`SELECT count(DISTINCT a.isbn) AS n ${base} AND a.isbn IN (SELECT isbn FROM books)`).get(params) ?? { n: 0 },
        'n',
      );
      return {
        result: 'success' as const,
        from,
        to,
        popular_list: rows.map((r, i) => ({
          rank: pg.offset + i + 1,
          ...toBook(r),
          diary_count: int(r, 'd'),
          review_count: int(r, 'r'),
          loan_count: int(r, 'l'),
          score: int(r, 'score'),
        })),
        page: pg.page,
        size: pg.size,
        total,
      };
    },
  );

  function toBookstore(r: Row): Bookstore {
    const city = str(r, 'city_code');
    return {
      bookstore_key: int(r, 'bookstore_id'),
      name: str(r, 'name'),
      city_code: city,
      city_name: regionName(db, city)?.replace(/^충청북도 /, '') ?? city,
      town_code: strOrNull(r, 'town_code'),
      address: str(r, 'address'),
      phone: str(r, 'phone'),
      opening_hours: str(r, 'opening_hours'),
      closed_days: str(r, 'closed_days'),
    };
  }

  app.get(
    '/bookstore/list',
    {
      schema: {
        tags: ['content'],
        summary: '참여 서점 (시·군·구, 읍·면·동, 이름 검색)',
        querystring: BookstoreQuery,
        response: { 200: BookstoreListAnswer, ...errorAnswers(400) },
      },
    },
    (req) => {
      const q = req.query;
      const pg = paging(q.page, q.size, 50);
      const params = { city: q.city_code ?? null, town: q.town_code ?? null, q: q.query ?? null };
      const where = `WHERE (:city IS NULL OR city_code = :city OR city_code IN (SELECT region_code FROM regions WHERE parent_code = :city))
        AND (:town IS NULL OR town_code = :town) AND (:q IS NULL OR instr(name, :q) > 0 OR instr(address, :q) > 0)`;
      const rows = db.prepare(`SELECT * FROM bookstores ${where} ORDER BY city_code, name LIMIT :limit OFFSET :offset`).all({ ...params, limit: pg.limit, offset: pg.offset });
      const total = int(db.prepare(`SELECT count(*) AS n FROM bookstores ${where}`).get(params) ?? { n: 0 }, 'n');
      const regions = db
        .prepare('SELECT city_code, count(*) AS n FROM bookstores GROUP BY city_code ORDER BY city_code')
        .all()
        .map((r) => {
          const city = str(r, 'city_code');
          return { city_code: city, city_name: regionName(db, city)?.replace(/^충청북도 /, '') ?? city, count: int(r, 'n') };
        });
      return { result: 'success' as const, bookstore_list: rows.map(toBookstore), regions, page: pg.page, size: pg.size, total };
    },
  );
};
