/** Book clubs (domain.md "Book clubs"): list, detail, join, leave, meetings recorded by the leader. */
import { ISBN13_PATTERN } from './programme.ts';
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, PageInfo, PageQuery, Success, YesNo } from './common.ts';
import { PointReason } from './points.ts';

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
  schedule: Type.String({ description: '정기 모임 안내(글)' }),
  next_meeting_on: Nullable(DateOnly, {
    description: '회장이 정한 다음 모임 날짜(오늘 이후). 전날 18시에 알림을 켠 회원에게 모임 알림. 정하지 않았거나 지났으면 null',
  }),
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
  members: Type.Array(
    Type.Object({
      user_no: Nullable(Type.String({ description: '회장에게만 보임: 모임 기록의 attendees에 넣는 값' })),
      user_name: Type.String({ description: '회장에게는 이름 그대로, 다른 사람에게는 가린 이름' }),
      leader_yn: YesNo,
    }),
    { description: '가입한 순서' },
  ),
  meeting_form: Nullable(
    Type.Object({
      from: DateOnly,
      to: DateOnly,
      points: Type.Integer({ minimum: 0 }),
      monthly_limit: Nullable(Type.Integer({ minimum: 0 })),
    }, { description: '회장에게만(다른 사람과 방문자는 null). 모임 기록 양식: held_on은 from~to(이번 달의 오늘까지), 참석자마다 points, 회원별 월 monthly_limit회' }),
  ),
  meetings: Type.Array(
    Type.Object({
      meeting_key: Type.Integer(),
      held_on: DateOnly,
      topic: Type.String(),
      isbn: Nullable(Type.String()),
      book_title: Nullable(Type.String()),
      attendee_count: Type.Integer(),
    }),
    { description: '최근 모임부터(held_on, 같은 날이면 meeting_key의 역순), 50개까지' },
  ),
}, { title: 'ClubDetailAnswer' });
export type ClubDetailAnswer = Static<typeof ClubDetailAnswer>;
export const ClubMembershipAnswer = Success({ club: Club, msg: Type.String() });
export type ClubMembershipAnswer = Static<typeof ClubMembershipAnswer>;
export const MeetingBody = Type.Object(
  {
    held_on: DateOnly,
    topic: Type.String({ minLength: 1, maxLength: 200 }),
    isbn: Type.Optional(Type.String({ pattern: ISBN13_PATTERN })),
    attendees: Type.Array(Type.String({ pattern: '^[0-9]{10}$' }), { minItems: 1, maxItems: 100, uniqueItems: true, description: '참석한 회원의 회원번호(user_no)' }),
  },
  { additionalProperties: false },
);
export type MeetingBody = Static<typeof MeetingBody>;
/** POST /bookclub/{club_key}/nextmeeting (leader): the next meeting's day, or null to clear it. */
export const NextMeetingBody = Type.Object(
  {
    next_meeting_on: Nullable(DateOnly, {
      description: '다음 모임 날짜 YYYY-MM-DD: 오늘부터 180일 안(한국 표준시). null이면 지움. 그 밖의 날짜는 400',
    }),
  },
  { additionalProperties: false },
);
export type NextMeetingBody = Static<typeof NextMeetingBody>;
export const MeetingAnswer = Success({
  meeting_key: Type.Integer(),
  msg: Type.String(),
  awarded: Type.Array(
    Type.Object({
      user_no: Type.String(),
      user_name: Type.String(),
      activity_key: Type.Integer(),
      points: Type.Integer({ minimum: 0 }),
      point_reason: PointReason,
      msg: Type.String({ description: '그 회원의 적립 결과(0점이면 그 까닭)' }),
    }),
    { description: '참석자마다 자신의 월 횟수와 한도 안에서 적립' },
  ),
}, { title: 'MeetingAnswer' });
export type MeetingAnswer = Static<typeof MeetingAnswer>;
