/**
 * Reading statistics of 나의 활동 (decision 0112): points by month,
 * activities by type this year, books read this year against the member's goal.
 */
import { Type, type Static } from 'typebox';
import { DateOnly, Month, Nullable, Success } from './common.ts';
import { GOAL_BOOKS } from './goal-books.ts';
import { ActivityType } from './points.ts';

export const MonthPoints = Type.Object({
  month: Month,
  earned: Type.Integer({
    minimum: 0,
    description: '그 달에 한 활동으로 적립된 포인트(적립 내역의 합: /user/point/list?entry_type=earn&month=…의 합과 같음)',
  }),
  activity_count: Type.Integer({ minimum: 0, description: '그 달에 한 활동 수(회수된 활동 제외)' }),
});

export const TypeCount = Type.Object({
  activity_type: ActivityType,
  activity_name: Type.String({ description: '회원에게 보여 줄 이름' }),
  count: Type.Integer({ minimum: 0 }),
  points: Type.Integer({ minimum: 0, description: '그 활동들이 적립한 포인트' }),
});

export const BooksRead = Type.Object(
  {
    year: Type.String({ pattern: '^[0-9]{4}$' }),
    read_count: Type.Integer({
      minimum: 0,
      description: '올해 읽은 책: 올해 날짜의 독서일지·서평·도서 대출 인증이 있는 서로 다른 ISBN 수(회수된 활동 제외)',
    }),
    goal_books: Nullable(Type.Integer({ minimum: GOAL_BOOKS.min, maximum: GOAL_BOOKS.max, description: '올해 목표 권수. 정하지 않았으면 null' })),
  },
  { title: 'BooksRead' },
);
export type BooksRead = Static<typeof BooksRead>;

export const UserStatistics = Type.Object(
  {
    today: DateOnly,
    points_by_month: Type.Array(MonthPoints, {
      minItems: 12,
      maxItems: 12,
      description: '이번 달까지 최근 12개월, 오래된 달부터. 활동이 없는 달은 0. 활동한 날(activity_date) 기준 한국 표준시',
    }),
    activities_by_type: Type.Array(TypeCount, {
      description: '올해(1월 1일~오늘) 한 활동을 종류마다(모든 종류, 없으면 0). 활동한 날 기준, 회수된 활동 제외',
    }),
    books: BooksRead,
  },
  { title: 'UserStatistics' },
);
export type UserStatistics = Static<typeof UserStatistics>;

export const UserStatisticsAnswer = Success({ statistics: UserStatistics }, { title: 'UserStatisticsAnswer' });
export type UserStatisticsAnswer = Static<typeof UserStatisticsAnswer>;

/** POST /user/goal: this year's goal. */
export const GoalBody = Type.Object(
  {
    goal_books: Type.Integer({ minimum: GOAL_BOOKS.min, maximum: GOAL_BOOKS.max, description: `올해 읽을 책 권수(${GOAL_BOOKS.min}~${GOAL_BOOKS.max})` }),
  },
  { additionalProperties: false },
);
export type GoalBody = Static<typeof GoalBody>;

export const GoalAnswer = Success({ books: BooksRead, msg: Type.String() }, { title: 'GoalAnswer' });
export type GoalAnswer = Static<typeof GoalAnswer>;

/**
 * GET /activity/getuserreadingstreak: the member's reading streak (decision 0151). A day counts
 * when the member has a recorded diary dated that Seoul day; the streak runs up to today, or up
 * to yesterday while today is not over.
 */
export const ReadingStreak = Type.Object(
  {
    today: DateOnly,
    current_days: Type.Integer({
      minimum: 0,
      description: '오늘 또는 어제까지 하루도 빠짐없이 독서일지를 쓴 날수(한국 표준시). 어제도 오늘도 쓰지 않았으면 0. 회수된 독서일지 제외',
    }),
    longest_days: Type.Integer({ minimum: 0, description: '지금까지 가장 길게 이어진 날수(current_days 이상)' }),
    last_day: Nullable(DateOnly, { description: '마지막으로 독서일지를 쓴 날. 쓴 적이 없으면 null' }),
  },
  { title: 'ReadingStreak' },
);
export type ReadingStreak = Static<typeof ReadingStreak>;

export const ReadingStreakAnswer = Success({ streak: ReadingStreak }, { title: 'ReadingStreakAnswer' });
export type ReadingStreakAnswer = Static<typeof ReadingStreakAnswer>;
