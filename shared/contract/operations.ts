/**
 * Every operation of the homepage API as `METHOD /path` → its schemas (path params,
 * query, body, success answer). The portal's typed client (client/api/homepage.ts)
 * derives the paths it may call and the answer types from this map, so a wrong path or
 * a wrong answer type fails the typecheck; a tap test checks the map against the
 * reference API's OpenAPI document (test/server/homepage-api/operations.test.ts).
 * Paths are relative to /api/v1/homepage; `:name` marks a path parameter.
 */
import type { TSchema } from 'typebox';
import {
  ActivityCountAnswer, ActivityCountQuery, ActivityListAnswer, ActivityListFilter, ActivityListQuery,
  AttendanceAnswer, AuthenticationListAnswer, AuthorTalkListAnswer, AuthorTalkQuery, BookReviewsAnswer, BookReviewsQuery, LibraryListAnswer, LibraryQuery, AuthenticationParams, AuthenticationQuery, AuthorTalkBody,
  BookAnswer, BookSearchAnswer, BookSearchQuery, BookstoreListAnswer, BookstoreQuery, CheckinAnswer,
  ClubDetailAnswer, ClubListAnswer, ClubListQuery, ClubMembershipAnswer, ClubParams, CodeAnswer, CodeParams,
  DiaryBody, DiaryHistoryAnswer, DiaryListAnswer, EarnAnswer, EduBody, EduTypesAnswer, FaqListAnswer, FaqQuery,
  IsbnParams, JoincheckAnswer, JoincheckParams, KapiInfoAnswer, LibraryUserAnswer, LoanBody, LoginAnswer,
  LoginBody, LogoutBody, MeetingAnswer, MeetingBody, NewsletterAnswer, NewsletterKeyParams, NewsletterListAnswer,
  NewsletterListQuery, NoticeDetailAnswer, NoticeKeyParams, NoticeListAnswer, NoticeListQuery, OkAnswer,
  PenaltyAnswer, PenaltyBody, PenaltyListAnswer, PenaltyListQuery, PointAnswer, PointListAnswer, PointListQuery,
  PopularAnswer, PopularQuery, PurchaseBody, RankingAnswer, RankingQuery, RefreshAnswer, RefreshBody,
  RegionListAnswer, RegionParamsA, RegionParamsAB, ReviewAnswer, ReviewBody, ReviewListAnswer, ReviewParams, ReviewUpdateBody, SsoAnswer, SsoParams, SsoQuery,
  SystemContentAnswer, SystemContentQuery, TokenLogoutAnswer, UserCardAnswer, UserInfoAnswer, UserInfoUpdate,
  GoalAnswer, GoalBody, NextMeetingBody, PushBody, PushConfigAnswer, PushDeleteBody, PushStateAnswer, UserStatisticsAnswer,
} from './index.ts';

export interface Operation {
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  readonly answer: TSchema;
}

/** What pages may call (through the portal's gateway in the browser, in-process on the server). */
export const homepageOperations = {
  // common, code
  'GET /common/joincheck/:user_id': { params: JoincheckParams, answer: JoincheckAnswer },
  'GET /common/token/logout': { answer: TokenLogoutAnswer },
  'GET /common/systemcontentinfo': { query: SystemContentQuery, answer: SystemContentAnswer },
  'GET /code/:group/:code': { params: CodeParams, answer: CodeAnswer },
  'GET /code/local/:a': { params: RegionParamsA, answer: RegionListAnswer },
  'GET /code/local/:a/:b': { params: RegionParamsAB, answer: RegionListAnswer },
  'GET /code/libraries': { query: LibraryQuery, answer: LibraryListAnswer },
  // board
  'GET /board/notice': { query: NoticeListQuery, answer: NoticeListAnswer },
  'GET /board/notice/:notice_info_key': { params: NoticeKeyParams, answer: NoticeDetailAnswer },
  'GET /board/faq': { query: FaqQuery, answer: FaqListAnswer },
  'GET /board/newsletter': { query: NewsletterListQuery, answer: NewsletterListAnswer },
  'GET /board/newsletter/:newsletter_key': { params: NewsletterKeyParams, answer: NewsletterAnswer },
  // user
  'GET /user/info': { answer: UserInfoAnswer },
  'POST /user/info': { body: UserInfoUpdate, answer: UserInfoAnswer },
  'GET /user/api/user': { answer: LibraryUserAnswer },
  'GET /user/api/card': { answer: UserCardAnswer },
  'GET /user/kapiinfo': { answer: KapiInfoAnswer },
  'GET /user/point': { answer: PointAnswer },
  'GET /user/point/list': { query: PointListQuery, answer: PointListAnswer },
  'GET /user/penalty/list': { query: PenaltyListQuery, answer: PenaltyListAnswer },
  'POST /user/goal': { body: GoalBody, answer: GoalAnswer },
  // push reminders (Web Push; docs/product.md §3 push state)
  'GET /push/config': { answer: PushConfigAnswer },
  'GET /user/push': { answer: PushStateAnswer },
  'POST /user/push': { body: PushBody, answer: PushStateAnswer },
  'DELETE /user/push': { body: PushDeleteBody, answer: PushStateAnswer },
  // activity
  'POST /activity/bookdiary': { body: DiaryBody, answer: EarnAnswer },
  'POST /activity/bookreview': { body: ReviewBody, answer: EarnAnswer },
  'PUT /activity/bookreview/:review_key': { params: ReviewParams, body: ReviewUpdateBody, answer: ReviewAnswer },
  'POST /activity/authentication/loan': { body: LoanBody, answer: EarnAnswer },
  'POST /activity/authentication/purchase': { body: PurchaseBody, answer: EarnAnswer },
  'POST /activity/authentication/authortalk': { body: AuthorTalkBody, answer: EarnAnswer },
  'POST /activity/authentication/edu': { body: EduBody, answer: EarnAnswer },
  'GET /activity/edutypes': { answer: EduTypesAnswer },
  'GET /activity/getbookdiaryinfolist': { query: ActivityListQuery, answer: DiaryListAnswer },
  'GET /activity/getbookdiaryhistorylist': { query: ActivityListQuery, answer: DiaryHistoryAnswer },
  'GET /activity/getbookreviewinfolist': { query: ActivityListQuery, answer: ReviewListAnswer },
  'GET /activity/getbookactivityinfolist': { query: ActivityListFilter, answer: ActivityListAnswer },
  'GET /activity/authentication/:type': { params: AuthenticationParams, query: AuthenticationQuery, answer: AuthenticationListAnswer },
  'GET /activity/getuseractivitycnt': { query: ActivityCountQuery, answer: ActivityCountAnswer },
  'GET /activity/getactivityranking': { query: RankingQuery, answer: RankingAnswer },
  'GET /activity/getuserattendancecheck': { answer: AttendanceAnswer },
  'GET /activity/authortalks': { query: AuthorTalkQuery, answer: AuthorTalkListAnswer },
  'GET /activity/getuserstatistics': { answer: UserStatisticsAnswer },
  // challenge
  'POST /challenge/start': { answer: CheckinAnswer },
  'POST /challenge/checkin': { answer: CheckinAnswer },
  // book clubs
  'GET /bookclub/list': { query: ClubListQuery, answer: ClubListAnswer },
  'GET /bookclub/:club_key': { params: ClubParams, answer: ClubDetailAnswer },
  'POST /bookclub/:club_key/join': { params: ClubParams, answer: ClubMembershipAnswer },
  'POST /bookclub/:club_key/leave': { params: ClubParams, answer: ClubMembershipAnswer },
  'POST /bookclub/:club_key/meetings': { params: ClubParams, body: MeetingBody, answer: MeetingAnswer },
  'POST /bookclub/:club_key/nextmeeting': { params: ClubParams, body: NextMeetingBody, answer: ClubMembershipAnswer },
  // books, popular, bookstores
  'GET /book/search': { query: BookSearchQuery, answer: BookSearchAnswer },
  'GET /book/:isbn': { params: IsbnParams, answer: BookAnswer },
  'GET /book/:isbn/reviews': { params: IsbnParams, query: BookReviewsQuery, answer: BookReviewsAnswer },
  'GET /popular/popularbooklist': { query: PopularQuery, answer: PopularAnswer },
  'GET /bookstore/list': { query: BookstoreQuery, answer: BookstoreListAnswer },
  // administration (ROLE_ADMIN)
  'POST /admin/penalty': { body: PenaltyBody, answer: PenaltyAnswer },
} as const satisfies Record<string, Operation>;

/** Server-to-server calls of the portal's sign-in routes; the gateway never forwards them. */
export const portalOnlyOperations = {
  'POST /auth/login': { body: LoginBody, answer: LoginAnswer },
  'POST /auth/refresh': { body: RefreshBody, answer: RefreshAnswer },
  'POST /auth/logout': { body: LogoutBody, answer: OkAnswer },
  'GET /auth/sso/:token': { params: SsoParams, query: SsoQuery, answer: SsoAnswer },
} as const satisfies Record<string, Operation>;

export type HomepageOperations = typeof homepageOperations;
