/** Points (docs/product.md §7): /user/point, /user/point/list, /user/penalty/list; penalties (admin). */
import { Type, type Static } from 'typebox';
import { DateOnly, DateTime, Nullable, PageInfo, PageQuery, PeriodQuery, Success } from './common.ts';

import { ACTIVITY_TYPES, ENTRY_TYPES } from './programme.ts';

export { ACTIVITY_TYPES };

export const ActivityType = Type.Enum(ACTIVITY_TYPES, {
  description:
    'diary 독서일지, review 서평, loan 도서 대출, purchase 종이책 구매, bookclub 독서동아리 모임, ' +
    'authortalk 작가와의 만남, edu 교육 인증, checkin 챌린지 출석, challenge 챌린지 완주',
});
export type ActivityType = Static<typeof ActivityType>;

export const POINT_REASONS = [
  'awarded', 'first_activity', 'activity_limit', 'daily_limit', 'monthly_cap', 'yearly_cap', 'suspended',
] as const;

/** Why an activity earned what it earned. */
export const PointReason = Type.Enum(POINT_REASONS, {
  description:
    'awarded 적립, first_activity 첫 활동 적립, activity_limit 월 적립 횟수 초과(0점), daily_limit 하루 1회 초과(0점), ' +
    'monthly_cap 월 한도 초과(0점), yearly_cap 연 한도 초과(0점), suspended 적립 정지 중(0점)',
});
export type PointReason = Static<typeof PointReason>;

export const PointSummary = Type.Object({
  balance: Type.Integer({ description: '잔액 = 원장 합계' }),
  month: Type.String(),
  year: Type.String(),
  earned_month: Type.Integer({ minimum: 0 }),
  earned_year: Type.Integer({ minimum: 0 }),
  monthly_cap: Type.Integer({ minimum: 0 }),
  yearly_cap: Type.Integer({ minimum: 0 }),
  remaining_month: Type.Integer({ minimum: 0 }),
  remaining_year: Type.Integer({ minimum: 0 }),
  spent_total: Type.Integer({ minimum: 0, description: '올해 사용한 포인트' }),
  penalty_total: Type.Integer({ minimum: 0, description: '올해 회수된 포인트' }),
  expiring_points: Type.Integer({ description: 'expire_date에 소멸될 포인트' }),
  expire_date: DateOnly,
  earning_suspended_until: Nullable(DateOnly),
});
export const PointAnswer = Success({ point: PointSummary }, { title: 'PointAnswer' });
export type PointAnswer = Static<typeof PointAnswer>;

export const EntryType = Type.Enum(ENTRY_TYPES, { description: 'earn 적립, penalty 회수, spend 사용(서점 구매), expire 소멸' });

export const PointListQuery = Type.Object(
  {
    entry_type: Type.Optional(EntryType),
    activity_type: Type.Optional(Type.Enum(ACTIVITY_TYPES, { description: '이 활동의 적립·회수 내역만' })),
    month: Type.Optional(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM: entry_date가 이 달인 내역만' })),
    ...PeriodQuery,
    ...PageQuery,
  },
  { additionalProperties: false, description: '필터는 모두 함께 적용(AND). 기간·달은 entry_date 기준' },
);
export const PointEntry = Type.Object({
  entry_key: Type.Integer({ minimum: 1 }),
  entry_type: EntryType,
  activity_type: Nullable(ActivityType),
  activity_key: Nullable(Type.Integer()),
  points: Type.Integer(),
  reason: Type.String({ description: '적립 사유 코드(PointReason) 또는 회수·사용·소멸 사유' }),
  description: Type.String({ description: '회원에게 보여 줄 한국어 설명' }),
  bookstore_name: Nullable(Type.String()),
  book_title: Nullable(Type.String()),
  entry_date: Type.String({
    format: 'date',
    description: '내역의 날짜: 적립은 활동한 날짜(activity_date), 회수·사용·소멸은 그 처리일. 목록은 이 날짜, 같은 날이면 entry_key의 역순',
  }),
  reg_date: DateTime,
});
export type PointEntry = Static<typeof PointEntry>;
export const PointListAnswer = Success({ point_list: Type.Array(PointEntry), ...PageInfo }, { title: 'PointListAnswer' });
export type PointListAnswer = Static<typeof PointListAnswer>;

export const PenaltyListQuery = Type.Object(
  { ...PeriodQuery, ...PageQuery },
  { additionalProperties: false, description: '회수한 날(reg_date의 날짜) 기준. 목록은 회수한 때의 역순' },
);
export const Penalty = Type.Object({
  penalty_key: Type.Integer({ minimum: 1 }),
  activity_key: Nullable(Type.Integer()),
  activity_type: Nullable(ActivityType),
  points: Type.Integer({ maximum: 0 }),
  reason: Type.String(),
  suspended_until: Nullable(DateOnly),
  reg_date: DateTime,
});
export type Penalty = Static<typeof Penalty>;
export const PenaltyListAnswer = Success({ penalty_list: Type.Array(Penalty), ...PageInfo }, { title: 'PenaltyListAnswer' });
export type PenaltyListAnswer = Static<typeof PenaltyListAnswer>;

/** POST /admin/penalty (ROLE_ADMIN): claw back an activity's points, optionally suspend earning. */
export const PenaltyBody = Type.Object(
  {
    activity_key: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    reason: Type.String({ minLength: 1, maxLength: 200 }),
    suspend_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  },
  { additionalProperties: false },
);
export type PenaltyBody = Static<typeof PenaltyBody>;
export const PenaltyAnswer = Success({ penalty: Penalty, msg: Type.String() });
export type PenaltyAnswer = Static<typeof PenaltyAnswer>;
