/** Book search and detail, popular books (docs/product.md §7), partner bookstores. */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { ruleBroken, notFound } from '../errors.ts';
import { addDays, seoulDay } from '../time.ts';
import { maskName } from '../programme/participant.ts';
import { checkPeriod, pageInfo, pageOf } from './kit.ts';

const PERIOD_DAYS = { week: 6, month: 29, year: 364 } as const;

export function bookHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  return {
    getBookSearch: {
      summary: '도서 검색: 제목·저자·출판사·ISBN, 부분 일치(두 글자 포함), 여러 낱말은 모두 포함(한강 소년), 초성(ㅎㄱ). 정확한 제목 > 제목 시작 > 저자 > 포함 > 초성 순',
      handle: async (req) => {
        const pg = pageOf(req.query);
        const r = await stores.books.search(req.query.query, req.query.field ?? 'all', pg.limit, pg.offset);
        return {
          result: 'success' as const,
          book_list: r.books,
          chosung_yn: r.chosung ? ('Y' as const) : ('N' as const),
          ...pageInfo(pg, r.total),
        };
      },
    },
    getBookByIsbn: {
      summary: '도서 상세(제목·저자·출판사·출간 연도·주제)와 독서일지·서평 수, 평균 평점',
      handle: async (req) => {
        const book = await stores.books.byIsbn(req.params.isbn);
        if (!book) throw notFound(apiMessages.book.notFound);
        const s = await stores.books.stats(req.params.isbn);
        return { result: 'success' as const, book, diary_count: s.diaryCount, review_count: s.reviewCount, average_rating: s.averageRating };
      },
    },
    getBookReviewsByIsbn: {
      summary: '이 책의 서평(공개): 최근 서평부터, 쓴 사람 이름 일부 가림. 로그인하면 내 서평에 mine_yn=Y',
      handle: async (req) => {
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
    },
    getPopularPopularbooklist: {
      summary: '인기 도서: 기간 동안의 독서일지·서평·대출로 순위(연령대·지역 필터)',
      handle: async (req) => {
        const q = req.query;
        const period = checkPeriod(q);
        const city = q.city_code ?? null;
        const level = city === null ? 2 : (await stores.codes.region(city))?.level;
        if (level !== 2 && level !== 3) throw ruleBroken(apiMessages.code.regionUnknown);
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
    },
    getBookstoreList: {
      summary: '참여 서점 (시·군·구, 읍·면·동, 이름 검색)',
      handle: async (req) => {
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
    },
  } satisfies Partial<Handlers>;
}
