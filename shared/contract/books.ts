/** Book catalogue, search and popular books (spec §7 /popular/popularbooklist). */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, PageInfo, PageQuery, PeriodQuery, Success, YesNo } from './common.ts';

export const Book = Type.Object({
  isbn: Type.String(),
  title: Type.String(),
  author: Type.String(),
  publisher: Type.String(),
  pub_year: Type.Integer(),
  subject: Type.String(),
});
export type Book = Static<typeof Book>;

export const BookSearchQuery = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 100, description: '제목·저자·출판사·ISBN, 초성(ㅎㄱ)도 가능' }),
    field: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Literal('title'), Type.Literal('author'), Type.Literal('publisher'), Type.Literal('isbn')], {
        default: 'all',
      }),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type BookSearchQuery = Static<typeof BookSearchQuery>;
export const BookSearchAnswer = Success({
  book_list: Type.Array(Book),
  chosung_yn: YesNo,
  ...PageInfo,
}, { title: 'BookSearchAnswer' });
export type BookSearchAnswer = Static<typeof BookSearchAnswer>;

export const IsbnParams = Type.Object({ isbn: Type.String({ pattern: '^97[89][0-9]{10}$' }) });
export const BookAnswer = Success({
  book: Book,
  diary_count: Type.Integer({ minimum: 0 }),
  review_count: Type.Integer({ minimum: 0 }),
  average_rating: Nullable(Type.Number()),
});
export type BookAnswer = Static<typeof BookAnswer>;

export const AgeGroup = Type.Union(
  [Type.Literal('10'), Type.Literal('20'), Type.Literal('30'), Type.Literal('40'), Type.Literal('50'), Type.Literal('60')],
  { description: '연령대(60은 60대 이상)' },
);
export const PopularQuery = Type.Object(
  {
    period: Type.Optional(Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('year')], { default: 'month' })),
    ...PeriodQuery,
    age_group: Type.Optional(AgeGroup),
    city_code: Type.Optional(Type.String({ pattern: '^[0-9]{5}$' })),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export const PopularBook = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  ...Book.properties,
  diary_count: Type.Integer({ minimum: 0 }),
  review_count: Type.Integer({ minimum: 0 }),
  loan_count: Type.Integer({ minimum: 0 }),
  score: Type.Integer({ minimum: 0, description: '일지 1 + 서평 3 + 대출 2' }),
});
export type PopularBook = Static<typeof PopularBook>;
export const PopularAnswer = Success({
  from: DateOnly,
  to: DateOnly,
  popular_list: Type.Array(PopularBook),
  ...PageInfo,
}, { title: 'PopularAnswer' });
export type PopularAnswer = Static<typeof PopularAnswer>;
