/** Book clubs (domain.md "Book clubs"): list, detail, join, leave, meetings recorded by the leader. */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, PageInfo, PageQuery, Success, YesNo } from './common.ts';

export const ClubListQuery = Type.Object(
  { city_code: Type.Optional(Type.String({ pattern: '^[0-9]{5}$' })), mine_yn: Type.Optional(YesNo), ...PageQuery },
  { additionalProperties: false },
);
export const Club = Type.Object({
  club_key: Type.Integer(),
  name: Type.String(),
  leader_name: Type.String({ description: '가린 이름' }),
  capacity: Type.Integer(),
  member_count: Type.Integer(),
  city_code: Type.String(),
  city_name: Type.String(),
  schedule: Type.String(),
  description: Type.String(),
  joined_yn: YesNo,
  leader_yn: YesNo,
});
export type Club = Static<typeof Club>;
export const ClubListAnswer = Success({ club_list: Type.Array(Club), ...PageInfo }, { title: 'ClubListAnswer' });
export type ClubListAnswer = Static<typeof ClubListAnswer>;
export const ClubParams = Type.Object({ club_key: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const ClubDetailAnswer = Success({
  club: Club,
  members: Type.Array(Type.Object({ user_no: Nullable(Type.String({ description: '회장에게만 보임' })), user_name: Type.String(), leader_yn: YesNo })),
  meetings: Type.Array(
    Type.Object({
      meeting_key: Type.Integer(),
      held_on: DateOnly,
      topic: Type.String(),
      isbn: Nullable(Type.String()),
      book_title: Nullable(Type.String()),
      attendee_count: Type.Integer(),
    }),
  ),
}, { title: 'ClubDetailAnswer' });
export type ClubDetailAnswer = Static<typeof ClubDetailAnswer>;
export const ClubMembershipAnswer = Success({ club: Club, msg: Type.String() });
export type ClubMembershipAnswer = Static<typeof ClubMembershipAnswer>;
export const MeetingBody = Type.Object(
  {
    held_on: DateOnly,
    topic: Type.String({ minLength: 1, maxLength: 200 }),
    isbn: Type.Optional(Type.String({ pattern: '^97[89][0-9]{10}$' })),
    attendees: Type.Array(Type.String({ pattern: '^[0-9]{10}$' }), { minItems: 1, maxItems: 100, uniqueItems: true, description: '참석한 회원의 회원번호(user_no)' }),
  },
  { additionalProperties: false },
);
export type MeetingBody = Static<typeof MeetingBody>;
export const MeetingAnswer = Success({
  meeting_key: Type.Integer(),
  msg: Type.String(),
  awarded: Type.Array(
    Type.Object({ user_no: Type.String(), activity_key: Type.Integer(), points: Type.Integer({ minimum: 0 }), point_reason: Type.String() }),
  ),
}, { title: 'MeetingAnswer' });
export type MeetingAnswer = Static<typeof MeetingAnswer>;
