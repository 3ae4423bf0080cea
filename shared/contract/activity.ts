/**
 * Reading activities (docs/product.md §7 /activity/*) and the writes members need (domain.md "Earning").
 * Every write answers what the activity earned and why (domain.md: over a limit or a
 * cap the activity is recorded with 0 points and the answer says why).
 */
import { DIARY_MAX_CHARS, REVIEW_MAX_CHARS, REVIEW_MIN_CHARS } from './programme.ts';
import { Type, type Static } from 'typebox';
import {
  DateOnly, DateTime, Isbn13, Month, Nullable, PageInfo, PageQuery, PeriodQuery, Success, YesNo,
} from './common.ts';
import { ActivityType, PointReason } from './points.ts';

export const EarnFields = {
  activity_key: Type.Integer({ minimum: 1 }),
  activity_type: ActivityType,
  points: Type.Integer({ minimum: 0, description: '이번 활동으로 적립된 포인트' }),
  point_reason: PointReason,
  msg: Type.String({
    description:
      '적립 결과 안내. 0점이면 그 까닭을 한국어로: 이번 달 적립 횟수를 채움(activity_limit), 하루 한 번만 적립(daily_limit), ' +
      '월·연 적립 한도(monthly_cap, yearly_cap), 적립 정지 기간(suspended). 중복 인증, 같은 날 같은 책의 똑같은 독서일지, ' +
      '이미 서평을 쓴 책의 두 번째 서평은 기록하지 않고 409. 1분에 쓸 수 있는 활동 기록 수를 넘으면 429',
  }),
  balance: Type.Integer({ description: '적립 뒤 잔액' }),
  monthly_limit: Nullable(Type.Integer({ minimum: 0, description: '이 활동의 월 적립 횟수(없으면 null)' })),
  earned_count_month: Type.Integer({ minimum: 0, description: '이번 달 이 활동으로 포인트가 적립된 횟수(이번 활동 포함)' }),
};
export const EarnAnswer = Success(EarnFields, { title: 'EarnAnswer' });
export type EarnAnswer = Static<typeof EarnAnswer>;

/**
 * A diary entry. Its length limit is the programme's setting (default 200 characters),
 * counted in Unicode code points after NFC normalisation (the API normalises text first).
 */
export function diaryBody(maxChars: number) {
  return Type.Object(
    {
      isbn: Isbn13,
      content: Type.String({ minLength: 1, maxLength: maxChars, description: `독서일지 본문: 1~${maxChars}자(NFC 정규화 뒤 코드 포인트 수)` }),
      read_pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    },
    { additionalProperties: false },
  );
}
export const DiaryBody = diaryBody(DIARY_MAX_CHARS);
export type DiaryBody = Static<typeof DiaryBody>;

/** What a member writes in a review, and may later edit. */
function reviewText(minChars: number, maxChars: number) {
  return {
    title: Type.String({ minLength: 1, maxLength: 100 }),
    content: Type.String({
      minLength: minChars,
      maxLength: maxChars,
      description: `서평 본문: ${minChars}~${maxChars}자(NFC 정규화 뒤 코드 포인트 수). 벗어나면 400과 서평 글자 수 안내`,
    }),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
  };
}

/**
 * A review. Its length range is the programme's setting (default 200–1,000 characters, as for diaries).
 * One review per member and book: a second one is refused (409) — the member edits theirs.
 */
export function reviewBody(minChars: number, maxChars: number) {
  return Type.Object(
    { isbn: Isbn13, ...reviewText(minChars, maxChars) },
    { additionalProperties: false, description: '책마다 서평 하나: 이미 서평을 쓴 책이면 409(PUT /activity/bookreview/{review_key}로 고침)' },
  );
}
export const ReviewBody = reviewBody(REVIEW_MIN_CHARS, REVIEW_MAX_CHARS);
export type ReviewBody = Static<typeof ReviewBody>;

/** PUT /activity/bookreview/{review_key}: the member's own review, edited. Its points do not change. */
export function reviewUpdateBody(minChars: number, maxChars: number) {
  return Type.Object(reviewText(minChars, maxChars), {
    additionalProperties: false,
    description: '제목·본문·평점을 바꿈(책과 쓴 날짜, 적립된 포인트는 그대로)',
  });
}
export const ReviewUpdateBody = reviewUpdateBody(REVIEW_MIN_CHARS, REVIEW_MAX_CHARS);
export type ReviewUpdateBody = Static<typeof ReviewUpdateBody>;
export const ReviewParams = Type.Object({
  review_key: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: '나의 서평의 activity_key' }),
});

export const LoanBody = Type.Object(
  {
    loan_no: Type.String({ pattern: '^[A-Za-z0-9-]{4,30}$', description: '도서관 대출 시스템의 대출 번호(회원마다 한 번)' }),
    isbn: Isbn13,
    library_code: Type.String({ pattern: '^[0-9]{7}$', description: '대출한 도서관: GET /code/libraries의 library_code' }),
    loan_date: Type.String({ format: 'date', description: '대출일 YYYY-MM-DD: 이번 달(한국 표준시)의 오늘까지. 그 밖의 날짜는 400' }),
  },
  { additionalProperties: false },
);
export type LoanBody = Static<typeof LoanBody>;

export const PurchaseBody = Type.Object(
  {
    bookstore_key: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    receipt_no: Type.String({ pattern: '^[A-Za-z0-9-]{4,40}$' }),
    purchase_date: Type.String({ format: 'date', description: '구매일 YYYY-MM-DD: 이번 달(한국 표준시)의 오늘까지. 그 밖의 날짜는 400' }),
    amount: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
    book_title: Type.String({ minLength: 1, maxLength: 200 }),
    isbn: Type.Optional(Isbn13),
    book_format: Type.Literal('paper', { description: '종이책만 인증: paper. 다른 값(ebook 등)은 400과 전자책 제외 안내' }),
  },
  { additionalProperties: false },
);
export type PurchaseBody = Static<typeof PurchaseBody>;

export const AuthorTalkBody = Type.Object(
  { check_in_code: Type.String({ pattern: '^[A-Za-z0-9]{4,12}$' }) },
  { additionalProperties: false },
);
export type AuthorTalkBody = Static<typeof AuthorTalkBody>;

export const EduBody = Type.Object(
  {
    edu_type: Type.String({ pattern: '^[a-z_]{2,30}$' }),
    certificate_no: Type.String({ minLength: 1, maxLength: 40 }),
    course_name: Type.String({ minLength: 1, maxLength: 100 }),
    completed_on: Type.String({ format: 'date', description: '수료일 YYYY-MM-DD: 올해(한국 표준시)의 오늘까지. 그 밖의 날짜는 400' }),
  },
  { additionalProperties: false },
);
export type EduBody = Static<typeof EduBody>;

/** GET /activity/authortalks: talks a member can attend and check in to (never their codes). */
export const AuthorTalkQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date', description: '이 날 이후의 행사(포함). 없으면 오늘부터 30일 전. to보다 늦으면 400' })),
    to: Type.Optional(Type.String({ format: 'date', description: '이 날까지의 행사(포함). 없으면 오늘부터 90일 뒤' })),
  },
  { additionalProperties: false },
);
export const AuthorTalk = Type.Object({
  event_key: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  author: Type.String(),
  held_on: DateOnly,
  venue: Type.String({ description: '장소' }),
  checkin_open_yn: YesNo,
  checked_in_yn: YesNo,
}, { description: 'checkin_open_yn: 오늘 열리는 행사라 확인 코드로 참석 인증을 할 수 있음. checked_in_yn: 로그인한 회원이 이미 인증함(방문자는 N)' });
export type AuthorTalk = Static<typeof AuthorTalk>;
export const AuthorTalkListAnswer = Success({
  today: DateOnly,
  from: DateOnly,
  to: DateOnly,
  talk_list: Type.Array(AuthorTalk, { description: '행사일 순(이른 날부터), 같은 날은 event_key 순' }),
}, { title: 'AuthorTalkListAnswer' });
export type AuthorTalkListAnswer = Static<typeof AuthorTalkListAnswer>;

export const EduTypesAnswer = Success({
  edu_types: Type.Array(
    Type.Object({ edu_type: Type.String(), name: Type.String(), description: Type.String(), number_example: Type.String() }),
  ),
});
export type EduTypesAnswer = Static<typeof EduTypesAnswer>;

/** Query of the member's activity lists: the period is of activity dates. */
export const ActivityListQuery = Type.Object(
  { ...PeriodQuery, ...PageQuery, isbn: Type.Optional(Isbn13) },
  { additionalProperties: false, description: '활동한 날짜(activity_date)의 기간, 책(ISBN) 필터' },
);

/**
 * The date a member did an activity: the diary or review day, the loan date, the purchase
 * date, the meeting day, the day a course was completed, the check-in day. Member lists
 * are sorted by it, newest first, then by activity_key, newest first.
 */
export const ActivityDate = Type.String({
  format: 'date',
  description: '활동한 날짜(일지·서평을 쓴 날, 대출일, 구매일, 모임일, 수료일, 출석일). 목록은 이 날짜, 같은 날이면 activity_key의 역순',
});

const BookRef = {
  isbn: Type.String(),
  book_title: Nullable(Type.String()),
  book_author: Nullable(Type.String()),
};

/** What every listed activity answers with: its points, why, whether it stands, and when. */
const Earned = {
  points: Type.Integer(),
  point_reason: PointReason,
  status: Type.Union([Type.Literal('recorded'), Type.Literal('revoked')]),
  activity_date: ActivityDate,
  reg_date: DateTime,
};

export const Diary = Type.Object({
  activity_key: Type.Integer(),
  ...BookRef,
  content: Type.String(),
  read_pages: Nullable(Type.Integer()),
  ...Earned,
});
export type Diary = Static<typeof Diary>;
export const DiaryListAnswer = Success({ diary_list: Type.Array(Diary), ...PageInfo }, { title: 'DiaryListAnswer' });
export type DiaryListAnswer = Static<typeof DiaryListAnswer>;

export const DiaryHistory = Type.Object({
  ...BookRef,
  diary_count: Type.Integer({ minimum: 1 }),
  total_pages: Type.Integer({ minimum: 0 }),
  first_date: DateOnly,
  last_date: Type.String({ format: 'date', description: '마지막 일지의 날짜. 목록은 이 날짜의 역순' }),
});
export type DiaryHistory = Static<typeof DiaryHistory>;
export const DiaryHistoryAnswer = Success({ history_list: Type.Array(DiaryHistory), ...PageInfo }, { title: 'DiaryHistoryAnswer' });
export type DiaryHistoryAnswer = Static<typeof DiaryHistoryAnswer>;

export const Review = Type.Object({
  activity_key: Type.Integer(),
  ...BookRef,
  title: Type.String(),
  content: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  ...Earned,
  mod_date: Nullable(DateTime, { description: '마지막으로 고친 때. 고치지 않았으면 null' }),
});
export type Review = Static<typeof Review>;
export const ReviewListAnswer = Success({ review_list: Type.Array(Review), ...PageInfo }, { title: 'ReviewListAnswer' });
export type ReviewListAnswer = Static<typeof ReviewListAnswer>;
export const ReviewAnswer = Success({ review: Review, msg: Type.String() }, { title: 'ReviewAnswer' });
export type ReviewAnswer = Static<typeof ReviewAnswer>;

export const ActivityItem = Type.Object({
  activity_key: Type.Integer(),
  activity_type: ActivityType,
  activity_name: Type.String(),
  isbn: Nullable(Type.String()),
  book_title: Nullable(Type.String()),
  detail: Type.String({ description: '활동 요약(서점명, 행사명, 과정명 등)' }),
  ...Earned,
});
export type ActivityItem = Static<typeof ActivityItem>;
export const ActivityListFilter = Type.Object(
  { activity_type: Type.Optional(ActivityType), ...PeriodQuery, isbn: Type.Optional(Isbn13), ...PageQuery },
  { additionalProperties: false, description: '활동 종류, 활동한 날짜의 기간, 책(ISBN) 필터' },
);
export const ActivityListAnswer = Success({ activity_list: Type.Array(ActivityItem), ...PageInfo }, { title: 'ActivityListAnswer' });
export type ActivityListAnswer = Static<typeof ActivityListAnswer>;

export const AuthenticationType = Type.Union(
  [Type.Literal('loan'), Type.Literal('purchase'), Type.Literal('authortalk'), Type.Literal('edu'), Type.Literal('bookclub')],
  { description: '인증 종류: loan 대출, purchase 구매 영수증, authortalk 작가와의 만남, edu 교육, bookclub 동아리 모임' },
);
export type AuthenticationType = Static<typeof AuthenticationType>;
export const AuthenticationParams = Type.Object({ type: AuthenticationType });
export const AuthenticationQuery = Type.Object({ ...PeriodQuery, ...PageQuery }, { additionalProperties: false });
export const AuthenticationListAnswer = Success({
  authentication_type: AuthenticationType,
  monthly_limit: Nullable(Type.Integer()),
  earned_count_month: Type.Integer({ minimum: 0 }),
  activity_list: Type.Array(ActivityItem),
  ...PageInfo,
});
export type AuthenticationListAnswer = Static<typeof AuthenticationListAnswer>;

export const ActivityCountQuery = Type.Object({ month: Type.Optional(Month) }, { additionalProperties: false });
export const ActivityCountAnswer = Success({
  month: Type.String(),
  counts: Type.Array(
    Type.Object({
      activity_type: ActivityType,
      activity_name: Type.String(),
      count: Type.Integer({ minimum: 0, description: '기록된 활동 수' }),
      earned_count: Type.Integer({ minimum: 0, description: '포인트가 적립된 활동 수' }),
      monthly_limit: Nullable(Type.Integer()),
      points: Type.Integer({ minimum: 0 }),
    }),
  ),
  total_count: Type.Integer({ minimum: 0 }),
  total_points: Type.Integer({ minimum: 0 }),
}, { title: 'ActivityCountAnswer' });
export type ActivityCountAnswer = Static<typeof ActivityCountAnswer>;

export const RankingQuery = Type.Object({ month: Type.Optional(Month), ...PageQuery }, { additionalProperties: false });
export const RankingItem = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  user_name: Type.String({ description: '가린 이름(김*수)' }),
  city_name: Nullable(Type.String()),
  points: Type.Integer({ minimum: 0 }),
  activity_count: Type.Integer({ minimum: 0 }),
  me_yn: YesNo,
});
export type RankingItem = Static<typeof RankingItem>;
export const RankingAnswer = Success({
  month: Type.String(),
  ranking_list: Type.Array(RankingItem),
  my_rank: Nullable(RankingItem),
  ...PageInfo,
}, { title: 'RankingAnswer' });
export type RankingAnswer = Static<typeof RankingAnswer>;

/** 21-day challenge (getuserattendancecheck and the challenge writes). */
export const ChallengeStatus = Type.Union([Type.Literal('active'), Type.Literal('completed'), Type.Literal('ended')]);
export const Challenge = Type.Object({
  challenge_key: Type.Integer(),
  status: ChallengeStatus,
  started_day: DateOnly,
  last_checkin_day: DateOnly,
  ended_day: Nullable(DateOnly),
  streak: Type.Integer({ minimum: 0 }),
  days_total: Type.Integer({ minimum: 1 }),
});
export const AttendanceAnswer = Success({
  today: DateOnly,
  checked_in_today: YesNo,
  challenge: Nullable(
    Type.Object({
      ...Challenge.properties,
      checkins: Type.Array(Type.Object({ day: DateOnly, day_no: Type.Integer(), points: Type.Integer() })),
    }),
  ),
  history: Type.Array(Challenge),
}, { title: 'AttendanceAnswer' });
export type AttendanceAnswer = Static<typeof AttendanceAnswer>;

export const CheckinAnswer = Success({
  ...EarnFields,
  day_no: Type.Integer({ minimum: 1 }),
  completed_yn: YesNo,
  bonus_points: Type.Integer({ minimum: 0 }),
  challenge: Challenge,
}, { title: 'CheckinAnswer' });
export type CheckinAnswer = Static<typeof CheckinAnswer>;
