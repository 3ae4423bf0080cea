/** Board calls: notices (docs/product.md §3 Notice entity, §7 GET /board/notice), FAQ, newsletters. */
import { Type, type Static } from 'typebox';
import { DateOnly, DateTime, PageInfo, Success, YesNo } from './common.ts';

export const NoticeType = Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')], {
  description: '1 일반, 2 행사, 3 시스템',
});

export const Notice = Type.Object(
  {
    notice_info_key: Type.Integer({ minimum: 1 }),
    notice_subject: Type.String(),
    notice_type: NoticeType,
    display_yn: YesNo,
    reg_date: DateTime,
  },
  { title: 'Notice' },
);
export type Notice = Static<typeof Notice>;

export const NoticeListQuery = Type.Object(
  {
    notice_type: Type.Optional(NoticeType),
    display_yn: Type.Optional({ ...YesNo, description: '관리자(ROLE_ADMIN)만 고를 수 있다(없으면 전체). 그 밖의 호출자는 게시된 공지(Y)만 받는다: N이면 빈 목록' }),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: '없으면 전체 목록' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: '없으면 전체 목록' })),
  },
  { additionalProperties: false },
);
export type NoticeListQuery = Static<typeof NoticeListQuery>;

export const NoticeListAnswer = Success({ notice_list: Type.Array(Notice), ...PageInfo }, { title: 'NoticeListAnswer' });
export type NoticeListAnswer = Static<typeof NoticeListAnswer>;

export const NoticeKeyParams = Type.Object({ notice_info_key: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const NoticeDetail = Type.Object(
  {
    notice_info_key: Type.Integer({ minimum: 1 }),
    notice_subject: Type.String(),
    notice_content: Type.String(),
    notice_type: NoticeType,
    display_yn: YesNo,
    view_count: Type.Integer({ minimum: 0 }),
    reg_date: DateTime,
  },
  { title: 'NoticeDetail' },
);
export type NoticeDetail = Static<typeof NoticeDetail>;
export const NoticeDetailAnswer = Success({ notice: NoticeDetail });
export type NoticeDetailAnswer = Static<typeof NoticeDetailAnswer>;

export const FaqCategory = Type.Union(
  [Type.Literal('member'), Type.Literal('point'), Type.Literal('activity'), Type.Literal('challenge'), Type.Literal('bookstore')],
  { description: 'member 회원, point 포인트, activity 독서활동, challenge 21일 챌린지, bookstore 서점·사용' },
);
export const FaqQuery = Type.Object({ category: Type.Optional(FaqCategory) }, { additionalProperties: false });
export const Faq = Type.Object({
  faq_key: Type.Integer({ minimum: 1 }),
  category: FaqCategory,
  category_name: Type.String(),
  question: Type.String(),
  answer: Type.String(),
});
export type Faq = Static<typeof Faq>;
export const FaqListAnswer = Success({
  categories: Type.Array(Type.Object({ category: FaqCategory, category_name: Type.String(), count: Type.Integer() })),
  faq_list: Type.Array(Faq),
});
export type FaqListAnswer = Static<typeof FaqListAnswer>;

export const NewsletterListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 12 })),
  },
  { additionalProperties: false },
);
export const NewsletterSummary = Type.Object({
  newsletter_key: Type.Integer({ minimum: 1 }),
  issue_no: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  summary: Type.String(),
  published_on: DateOnly,
});
export const NewsletterListAnswer = Success({ newsletter_list: Type.Array(NewsletterSummary), ...PageInfo });
export type NewsletterListAnswer = Static<typeof NewsletterListAnswer>;
export const NewsletterKeyParams = Type.Object({ newsletter_key: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const NewsletterAnswer = Success({
  newsletter: Type.Object({ ...NewsletterSummary.properties, content: Type.String() }),
});
export type NewsletterAnswer = Static<typeof NewsletterAnswer>;
