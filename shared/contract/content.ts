/** System content (docs/product.md §7 GET /common/systemcontentinfo) and partner bookstores. */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, PageInfo, Success, pageQuery } from './common.ts';

export const ContentType = Type.Union(
  [Type.Literal('terms'), Type.Literal('privacy'), Type.Literal('service'), Type.Literal('bookstore')],
  { description: 'terms 이용약관, privacy 개인정보 처리방침, service 서비스 안내, bookstore 참여 서점 이용 안내' },
);
export type ContentType = Static<typeof ContentType>;

export const SystemContentQuery = Type.Object({ content_type: ContentType }, { additionalProperties: false });

export const SystemContent = Type.Object({
  content_type: ContentType,
  title: Type.String(),
  version: Type.String(),
  effective_on: DateOnly,
  sections: Type.Array(Type.Object({ heading: Type.String(), body: Type.String() })),
  content: Type.String({ description: '본문 전체(문단은 빈 줄로 구분)' }),
});
export type SystemContent = Static<typeof SystemContent>;
export const SystemContentAnswer = Success({ system_content: SystemContent }, { title: 'SystemContentAnswer' });
export type SystemContentAnswer = Static<typeof SystemContentAnswer>;

export const BookstoreQuery = Type.Object(
  {
    city_code: Type.Optional(Type.String({ pattern: '^[0-9]{5}$' })),
    town_code: Type.Optional(Type.String({ pattern: '^[0-9]{8}$' })),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    ...pageQuery(50),
  },
  { additionalProperties: false },
);
export const Bookstore = Type.Object({
  bookstore_key: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  city_code: Type.String(),
  city_name: Type.String(),
  town_code: Nullable(Type.String()),
  address: Type.String(),
  phone: Type.String(),
  opening_hours: Type.String(),
  closed_days: Type.String(),
});
export type Bookstore = Static<typeof Bookstore>;
export const BookstoreListAnswer = Success({
  bookstore_list: Type.Array(Bookstore),
  regions: Type.Array(Type.Object({ city_code: Type.String(), city_name: Type.String(), count: Type.Integer() })),
  ...PageInfo,
});
export type BookstoreListAnswer = Static<typeof BookstoreListAnswer>;
