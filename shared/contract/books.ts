/** Book catalogue, search and popular books (docs/product.md §7 /popular/popularbooklist). */
import { ISBN13_PATTERN } from './programme.ts';
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, PageInfo, PageQuery, PeriodQuery, Success, YesNo, pageQuery } from './common.ts';

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

export const IsbnParams = Type.Object({ isbn: Type.String({ pattern: ISBN13_PATTERN }) });
export const BookAnswer = Success({
  book: Book,
  diary_count: Type.Integer({ minimum: 0, description: '이 책의 독서일지 수(회수된 것 제외)' }),
  review_count: Type.Integer({ minimum: 0, description: '이 책의 서평 수(회수된 것 제외), GET /book/{isbn}/reviews의 total과 같음' }),
  average_rating: Nullable(Type.Number({ description: '서평 평점 평균(소수 첫째 자리), 서평이 없으면 null' })),
}, { title: 'BookAnswer' });

/** GET /book/{isbn}/reviews: a book's public reviews, reviewers' names masked. */
export const BookReviewsQuery = Type.Object({ ...pageQuery(10) }, { additionalProperties: false });
export const PublicReview = Type.Object({
  review_key: Type.Integer({ minimum: 1, description: '서평의 activity_key' }),
  user_name: Type.String({ description: '가린 이름(김*수)' }),
  title: Type.String(),
  content: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  activity_date: DateOnly,
  mine_yn: YesNo,
}, { description: 'mine_yn: 로그인한 회원 자신의 서평(방문자는 N)' });
export type PublicReview = Static<typeof PublicReview>;
export const BookReviewsAnswer = Success({
  isbn: Type.String(),
  review_list: Type.Array(PublicReview, { description: '최근 서평부터(activity_date, 같은 날이면 review_key의 역순)' }),
  ...PageInfo,
}, { title: 'BookReviewsAnswer' });
export type BookReviewsAnswer = Static<typeof BookReviewsAnswer>;
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
    city_code: Type.Optional(
      Type.String({
        pattern: '^[0-9]{5}$',
        description: '회원이 사는 시·군(GET /code/local/43의 region_code) 또는 청주시의 구(GET /code/local/43/43110). 청주시 43110은 네 구를 모두 포함. 모르는 코드는 400',
      }),
    ),
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
  city_code: Nullable(Type.String({ description: '적용한 지역 필터(없으면 null)' })),
  city_name: Nullable(Type.String({ description: '그 지역 이름(청주시 상당구)' })),
  age_group: Nullable(AgeGroup),
  popular_list: Type.Array(PopularBook),
  ...PageInfo,
}, { title: 'PopularAnswer' });
export type PopularAnswer = Static<typeof PopularAnswer>;
