/** Book search and detail, popular books (docs/product.md §7), partner bookstores. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BookAnswer, BookReviewsAnswer, BookReviewsQuery, BookSearchAnswer, BookSearchQuery, BookstoreListAnswer, BookstoreQuery,
  IsbnParams, PopularAnswer, PopularQuery,
} from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { badRequest, errorAnswers, notFound } from '../errors.ts';
import { addDays, seoulDay } from '../time.ts';
import { maskName } from '../programme/participant.ts';
import { checkPeriod, optionalMemberRoute, pageInfo, pageOf } from './kit.ts';

const PERIOD_DAYS = { week: 6, month: 29, year: 364 } as const;

export const bookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores, settings } = app;

  app.get(
    '/book/search',
    {
      schema: {
        tags: ['book'],
        summary: '도서 검색: 제목·저자·출판사·ISBN, 부분 일치(두 글자 포함), 여러 낱말은 모두 포함(한강 소년), 초성(ㅎㄱ). 정확한 제목 > 제목 시작 > 저자 > 포함 > 초성 순',
        querystring: BookSearchQuery,
        response: { 200: BookSearchAnswer, ...errorAnswers(400) },
      },
    },
    async (req) => {
      const pg = pageOf(req.query);
      const r = await stores.books.search(req.query.query, req.query.field ?? 'all', pg.limit, pg.offset);
      return {
        result: 'success' as const,
        book_list: r.books,
        chosung_yn: r.chosung ? ('Y' as const) : ('N' as const),
        ...pageInfo(pg, r.total),
      };
    },
  );

  app.get(
    '/book/:isbn',
    {
      schema: {
        tags: ['book'],
        summary: '도서 상세(제목·저자·출판사·출간 연도·주제)와 독서일지·서평 수, 평균 평점',
        params: IsbnParams,
        response: { 200: BookAnswer, ...errorAnswers(400, 404) },
      },
    },
    async (req) => {
      const book = await stores.books.byIsbn(req.params.isbn);
      if (!book) throw notFound(apiMessages.book.notFound);
      const s = await stores.books.stats(req.params.isbn);
      return { result: 'success' as const, book, diary_count: s.diaryCount, review_count: s.reviewCount, average_rating: s.averageRating };
    },
  );

  app.get(
    '/book/:isbn/reviews',
    optionalMemberRoute({
      tags: ['book'],
      summary: '이 책의 서평(공개): 최근 서평부터, 쓴 사람 이름 일부 가림. 로그인하면 내 서평에 mine_yn=Y',
      params: IsbnParams,
      querystring: BookReviewsQuery,
      response: { 200: BookReviewsAnswer, ...errorAnswers(400, 401, 403, 404) },
    }),
    async (req) => {
      const { isbn } = req.params;
      if (!await stores.books.exists(isbn)) throw notFound(apiMessages.book.notFound);
      const me = req.auth?.member.memberId ?? null;
      const pg = pageOf(req.query, 10);
      const r = await stores.activities.publicReviews(isbn, pg);
      return {
        result: 'success' as const,
        isbn,
        review_list: r.rows.map((v) => ({
          review_key: v.activityId,
          user_name: maskName(v.userName),
          title: v.title,
          content: v.content,
          rating: v.rating,
          activity_date: v.activityDate,
          mine_yn: v.memberId === me ? ('Y' as const) : ('N' as const),
        })),
        ...pageInfo(pg, r.total),
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
    async (req) => {
      const q = req.query;
      const period = checkPeriod(q);
      const city = q.city_code ?? null;
      const level = city === null ? 2 : (await stores.codes.region(city))?.level;
      if (level !== 2 && level !== 3) throw badRequest(apiMessages.code.regionUnknown);
      const today = seoulDay(settings.clock());
      const to = period.to ?? today;
      const from = period.from ?? addDays(to, -PERIOD_DAYS[q.period ?? 'month']);
      const year = Number(today.slice(0, 4));
      const age = q.age_group === undefined ? null : Number(q.age_group);
      const pg = pageOf(q);
      const r = await stores.books.popular(
        {
          from, to, city,
          bornFrom: age === null ? null : year - (age === 60 ? 200 : age + 9),
          bornTo: age === null ? null : year - age,
        },
        pg,
      );
      return {
        result: 'success' as const,
        from,
        to,
        city_code: city,
        city_name: city === null ? null : await stores.codes.cityName(city),
        age_group: q.age_group ?? null,
        popular_list: r.rows,
        ...pageInfo(pg, r.total),
      };
    },
  );

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
    async (req) => {
      const q = req.query;
      const pg = pageOf(q, 50);
      const r = await stores.content.bookstores({ city: q.city_code ?? null, town: q.town_code ?? null, query: q.query ?? null }, pg);
      return {
        result: 'success' as const,
        bookstore_list: await Promise.all(r.rows.map(async (b) => ({
          bookstore_key: b.bookstoreId,
          name: b.name,
          city_code: b.cityCode,
          city_name: await stores.codes.cityName(b.cityCode),
          town_code: b.townCode,
          address: b.address,
          phone: b.phone,
          opening_hours: b.openingHours,
          closed_days: b.closedDays,
        }))),
        regions: await Promise.all((await stores.content.bookstoreCities()).map(async (c) => ({ city_code: c.cityCode, city_name: await stores.codes.cityName(c.cityCode), count: c.count }))),
        ...pageInfo(pg, r.total),
      };
    },
  );
};
