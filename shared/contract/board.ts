/** Board calls: notices (spec §3 Notice entity, §7 GET /api/v1/homepage/board/notice). */
import { Type, type Static } from 'typebox';
import { DateTime, Success, YesNo } from './common.ts';

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
  { $id: 'Notice' },
);
export type Notice = Static<typeof Notice>;

export const NoticeListQuery = Type.Object(
  {
    notice_type: Type.Optional(NoticeType),
    display_yn: Type.Optional(YesNo),
  },
  { additionalProperties: false },
);
export type NoticeListQuery = Static<typeof NoticeListQuery>;

export const NoticeListAnswer = Success({ notice_list: Type.Array(Notice) }, { $id: 'NoticeListAnswer' });
export type NoticeListAnswer = Static<typeof NoticeListAnswer>;
