/**
 * THE table of the homepage API's operations (decision 0133), as shared/routes.ts is of the
 * pages: one row per operation, keyed `METHOD /path` (relative to HOMEPAGE_PREFIX; `:name`
 * marks a path parameter), with its operationId, tag, schemas (named exports of the
 * contract), who may call it, how the portal caches it and the error statuses it answers.
 * Everything else follows from it: the reference API's routes are checked against it at
 * start and its OpenAPI document is written from it; the portal's gateway refuses the
 * `portal` rows, its public cache keeps the rows with a `cache` for their TTL, its metrics label calls
 * by the rows' paths (operationOf answers "which row" for all of them), its own calls build their paths with operationPath(), and the pages'
 * typed client (client/api/homepage.ts) derives paths and answer types from it.
 */
import type { TSchema } from 'typebox';
import { fillPath, HOMEPAGE_PREFIX, pathOfUrl } from '../http.ts';
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
  GoalAnswer, GoalBody, NextMeetingBody, PushBody, PushConfigAnswer, PushDeleteBody, PushDeleteQuery, PushStateAnswer, ReadingStreakAnswer, UserStatisticsAnswer,
} from './index.ts';


export { HOMEPAGE_PREFIX };

/**
 * - `public`: anyone (a row with `token: 'optional'` also answers for the member whose token comes with it);
 * - `member`: a signed-in member's bearer token;
 * - `admin`: a member with ROLE_ADMIN (others get 404);
 * - `portal`: the portal's own server-to-server calls (sign-in, tokens): the gateway never forwards them.
 */
/** The methods of the table's rows. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Access = 'public' | 'member' | 'admin' | 'portal';

/**
 * How the portal caches a row's answers (decision 0033): `public` answers are the same for
 * every caller, kept `ttlS` seconds (the default; CACHE_TTL_S overrides it per operationId).
 */
export interface RowCache {
  readonly scope: 'public';
  readonly ttlS: number;
}

/** The tags of the OpenAPI document, in its order, with what each groups. */
export const operationTags = {
  auth: '로그인, 토큰, 회원 확인',
  content: '시스템 콘텐츠와 참여 서점',
  code: '공통 코드, 지역, 도서관',
  user: '회원정보와 회원증',
  point: '포인트와 회수 내역',
  board: '공지사항, 자주 묻는 질문, 뉴스레터',
  activity: '독서 활동 기록과 목록, 통계',
  challenge: '21일 챌린지',
  bookclub: '독서동아리',
  book: '도서 검색, 도서 정보, 인기 도서',
  push: '알림(Web Push)',
  admin: '관리(ROLE_ADMIN)',
} as const;
export type Tag = keyof typeof operationTags;

/** Error statuses an operation answers itself (405, 503 are documented on every operation besides these). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 414 | 429;

export interface Operation {
  /** The OpenAPI operationId. */
  readonly id: string;
  readonly tag: Tag;
  readonly access: Access;
  /** A public operation that also reads a member's optional bearer token. */
  readonly token?: 'optional';
  readonly cache?: RowCache;
  readonly errors: readonly ErrorStatus[];
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  /** A body the API still accepts from older callers, left out of the document and the typed client (DELETE /user/push). */
  readonly legacyBody?: TSchema;
  readonly answer: TSchema;
}

export const operations = {
  'POST /auth/login': { id: 'postAuthLogin', tag: 'auth', access: 'portal', errors: [400, 401], body: LoginBody, answer: LoginAnswer },
  'POST /auth/refresh': { id: 'postAuthRefresh', tag: 'auth', access: 'portal', errors: [400, 401], body: RefreshBody, answer: RefreshAnswer },
  'POST /auth/logout': { id: 'postAuthLogout', tag: 'auth', access: 'portal', errors: [400], body: LogoutBody, answer: OkAnswer },
  'GET /auth/sso/:token': { id: 'getAuthSsoByToken', tag: 'auth', access: 'portal', errors: [400, 401, 414], params: SsoParams, query: SsoQuery, answer: SsoAnswer },
  'GET /common/joincheck/:user_id': { id: 'getCommonJoincheckByUserId', tag: 'auth', access: 'member', errors: [400, 401, 403, 414], params: JoincheckParams, answer: JoincheckAnswer },
  'GET /common/token/logout': { id: 'getCommonTokenLogout', tag: 'auth', access: 'member', errors: [400, 401, 403], answer: TokenLogoutAnswer },
  'GET /common/systemcontentinfo': { id: 'getCommonSystemcontentinfo', tag: 'content', access: 'public', cache: { scope: 'public', ttlS: 300 }, errors: [400, 404], query: SystemContentQuery, answer: SystemContentAnswer },
  'GET /code/:group/:code': { id: 'getCodeByGroupAndCode', tag: 'code', access: 'public', cache: { scope: 'public', ttlS: 600 }, errors: [400, 404, 414], params: CodeParams, answer: CodeAnswer },
  'GET /code/libraries': { id: 'getCodeLibraries', tag: 'code', access: 'public', cache: { scope: 'public', ttlS: 600 }, errors: [400], query: LibraryQuery, answer: LibraryListAnswer },
  'GET /code/local/:a': { id: 'getCodeLocalByA', tag: 'code', access: 'public', cache: { scope: 'public', ttlS: 600 }, errors: [400, 404, 414], params: RegionParamsA, answer: RegionListAnswer },
  'GET /code/local/:a/:b': { id: 'getCodeLocalByAAndB', tag: 'code', access: 'public', cache: { scope: 'public', ttlS: 600 }, errors: [400, 404, 414], params: RegionParamsAB, answer: RegionListAnswer },
  'GET /user/info': { id: 'getUserInfo', tag: 'user', access: 'member', errors: [400, 401, 403], answer: UserInfoAnswer },
  'POST /user/info': { id: 'postUserInfo', tag: 'user', access: 'member', errors: [400, 401, 403], body: UserInfoUpdate, answer: UserInfoAnswer },
  'GET /user/api/user': { id: 'getUserApiUser', tag: 'user', access: 'member', errors: [400, 401, 403], answer: LibraryUserAnswer },
  'GET /user/api/card': { id: 'getUserApiCard', tag: 'user', access: 'member', errors: [400, 401, 403], answer: UserCardAnswer },
  'GET /user/kapiinfo': { id: 'getUserKapiinfo', tag: 'user', access: 'member', errors: [400, 401, 403], answer: KapiInfoAnswer },
  'GET /user/point': { id: 'getUserPoint', tag: 'point', access: 'member', errors: [400, 401, 403], answer: PointAnswer },
  'GET /user/point/list': { id: 'getUserPointList', tag: 'point', access: 'member', errors: [400, 401, 403], query: PointListQuery, answer: PointListAnswer },
  'GET /user/penalty/list': { id: 'getUserPenaltyList', tag: 'point', access: 'member', errors: [400, 401, 403], query: PenaltyListQuery, answer: PenaltyListAnswer },
  'GET /board/notice': { id: 'getBoardNotice', tag: 'board', access: 'public', token: 'optional', cache: { scope: 'public', ttlS: 60 }, errors: [400], query: NoticeListQuery, answer: NoticeListAnswer },
  'GET /board/notice/:notice_info_key': { id: 'getBoardNoticeByNoticeInfoKey', tag: 'board', access: 'public', cache: { scope: 'public', ttlS: 60 }, errors: [400, 404, 414], params: NoticeKeyParams, answer: NoticeDetailAnswer },
  'GET /board/faq': { id: 'getBoardFaq', tag: 'board', access: 'public', cache: { scope: 'public', ttlS: 300 }, errors: [400], query: FaqQuery, answer: FaqListAnswer },
  'GET /board/newsletter': { id: 'getBoardNewsletter', tag: 'board', access: 'public', cache: { scope: 'public', ttlS: 300 }, errors: [400], query: NewsletterListQuery, answer: NewsletterListAnswer },
  'GET /board/newsletter/:newsletter_key': { id: 'getBoardNewsletterByNewsletterKey', tag: 'board', access: 'public', cache: { scope: 'public', ttlS: 300 }, errors: [400, 404, 414], params: NewsletterKeyParams, answer: NewsletterAnswer },
  'POST /activity/bookdiary': { id: 'postActivityBookdiary', tag: 'activity', access: 'member', errors: [400, 401, 403, 404, 409, 429], body: DiaryBody, answer: EarnAnswer },
  'POST /activity/bookreview': { id: 'postActivityBookreview', tag: 'activity', access: 'member', errors: [400, 401, 403, 404, 409, 429], body: ReviewBody, answer: EarnAnswer },
  'PUT /activity/bookreview/:review_key': { id: 'putActivityBookreviewByReviewKey', tag: 'activity', access: 'member', errors: [400, 401, 403, 404, 409, 414, 429], params: ReviewParams, body: ReviewUpdateBody, answer: ReviewAnswer },
  'POST /activity/authentication/loan': { id: 'postActivityAuthenticationLoan', tag: 'activity', access: 'member', errors: [400, 401, 403, 404, 409, 429], body: LoanBody, answer: EarnAnswer },
  'POST /activity/authentication/purchase': { id: 'postActivityAuthenticationPurchase', tag: 'activity', access: 'member', errors: [400, 401, 403, 404, 409, 429], body: PurchaseBody, answer: EarnAnswer },
  'POST /activity/authentication/authortalk': { id: 'postActivityAuthenticationAuthortalk', tag: 'activity', access: 'member', errors: [400, 401, 403, 404, 409, 429], body: AuthorTalkBody, answer: EarnAnswer },
  'POST /activity/authentication/edu': { id: 'postActivityAuthenticationEdu', tag: 'activity', access: 'member', errors: [400, 401, 403, 404, 409, 429], body: EduBody, answer: EarnAnswer },
  'GET /activity/edutypes': { id: 'getActivityEdutypes', tag: 'activity', access: 'public', errors: [400], answer: EduTypesAnswer },
  'GET /activity/authortalks': { id: 'getActivityAuthortalks', tag: 'activity', access: 'public', token: 'optional', errors: [400, 401, 403], query: AuthorTalkQuery, answer: AuthorTalkListAnswer },
  'GET /activity/getbookdiaryinfolist': { id: 'getActivityGetbookdiaryinfolist', tag: 'activity', access: 'member', errors: [400, 401, 403], query: ActivityListQuery, answer: DiaryListAnswer },
  'GET /activity/getbookdiaryhistorylist': { id: 'getActivityGetbookdiaryhistorylist', tag: 'activity', access: 'member', errors: [400, 401, 403], query: ActivityListQuery, answer: DiaryHistoryAnswer },
  'GET /activity/getbookreviewinfolist': { id: 'getActivityGetbookreviewinfolist', tag: 'activity', access: 'member', errors: [400, 401, 403], query: ActivityListQuery, answer: ReviewListAnswer },
  'GET /activity/getbookactivityinfolist': { id: 'getActivityGetbookactivityinfolist', tag: 'activity', access: 'member', errors: [400, 401, 403], query: ActivityListFilter, answer: ActivityListAnswer },
  'GET /activity/authentication/:type': { id: 'getActivityAuthenticationByType', tag: 'activity', access: 'member', errors: [400, 401, 403, 414], params: AuthenticationParams, query: AuthenticationQuery, answer: AuthenticationListAnswer },
  'GET /activity/getuseractivitycnt': { id: 'getActivityGetuseractivitycnt', tag: 'activity', access: 'member', errors: [400, 401, 403], query: ActivityCountQuery, answer: ActivityCountAnswer },
  'GET /activity/getactivityranking': { id: 'getActivityGetactivityranking', tag: 'activity', access: 'public', token: 'optional', errors: [400, 401, 403], query: RankingQuery, answer: RankingAnswer },
  'GET /activity/getuserattendancecheck': { id: 'getActivityGetuserattendancecheck', tag: 'challenge', access: 'member', errors: [400, 401, 403], answer: AttendanceAnswer },
  'POST /challenge/start': { id: 'postChallengeStart', tag: 'challenge', access: 'member', errors: [400, 401, 403, 409], answer: CheckinAnswer },
  'POST /challenge/checkin': { id: 'postChallengeCheckin', tag: 'challenge', access: 'member', errors: [400, 401, 403, 409], answer: CheckinAnswer },
  'GET /bookclub/list': { id: 'getBookclubList', tag: 'bookclub', access: 'public', token: 'optional', errors: [400, 401, 403], query: ClubListQuery, answer: ClubListAnswer },
  'GET /bookclub/:club_key': { id: 'getBookclubByClubKey', tag: 'bookclub', access: 'public', token: 'optional', errors: [400, 401, 403, 404, 414], params: ClubParams, answer: ClubDetailAnswer },
  'POST /bookclub/:club_key/join': { id: 'postBookclubJoinByClubKey', tag: 'bookclub', access: 'member', errors: [400, 401, 403, 404, 409, 414], params: ClubParams, answer: ClubMembershipAnswer },
  'POST /bookclub/:club_key/leave': { id: 'postBookclubLeaveByClubKey', tag: 'bookclub', access: 'member', errors: [400, 401, 403, 404, 409, 414], params: ClubParams, answer: ClubMembershipAnswer },
  'POST /bookclub/:club_key/meetings': { id: 'postBookclubMeetingsByClubKey', tag: 'bookclub', access: 'member', errors: [400, 401, 403, 404, 409, 414], params: ClubParams, body: MeetingBody, answer: MeetingAnswer },
  'POST /bookclub/:club_key/nextmeeting': { id: 'postBookclubNextmeetingByClubKey', tag: 'bookclub', access: 'member', errors: [400, 401, 403, 404, 414], params: ClubParams, body: NextMeetingBody, answer: ClubMembershipAnswer },
  'GET /book/search': { id: 'getBookSearch', tag: 'book', access: 'public', cache: { scope: 'public', ttlS: 60 }, errors: [400], query: BookSearchQuery, answer: BookSearchAnswer },
  'GET /book/:isbn': { id: 'getBookByIsbn', tag: 'book', access: 'public', errors: [400, 404, 414], params: IsbnParams, answer: BookAnswer },
  'GET /book/:isbn/reviews': { id: 'getBookReviewsByIsbn', tag: 'book', access: 'public', token: 'optional', errors: [400, 401, 403, 404, 414], params: IsbnParams, query: BookReviewsQuery, answer: BookReviewsAnswer },
  'GET /popular/popularbooklist': { id: 'getPopularPopularbooklist', tag: 'book', access: 'public', cache: { scope: 'public', ttlS: 300 }, errors: [400], query: PopularQuery, answer: PopularAnswer },
  'GET /bookstore/list': { id: 'getBookstoreList', tag: 'content', access: 'public', cache: { scope: 'public', ttlS: 300 }, errors: [400], query: BookstoreQuery, answer: BookstoreListAnswer },
  'POST /admin/penalty': { id: 'postAdminPenalty', tag: 'admin', access: 'admin', errors: [400, 401, 403, 404, 409], body: PenaltyBody, answer: PenaltyAnswer },
  'GET /push/config': { id: 'getPushConfig', tag: 'push', access: 'public', cache: { scope: 'public', ttlS: 60 }, errors: [400], answer: PushConfigAnswer },
  'GET /user/push': { id: 'getUserPush', tag: 'push', access: 'member', errors: [400, 401, 403], answer: PushStateAnswer },
  'POST /user/push': { id: 'postUserPush', tag: 'push', access: 'member', errors: [400, 401, 403, 409], body: PushBody, answer: PushStateAnswer },
  'DELETE /user/push': { id: 'deleteUserPush', tag: 'push', access: 'member', errors: [400, 401, 403], query: PushDeleteQuery, legacyBody: PushDeleteBody, answer: PushStateAnswer },
  'GET /activity/getuserstatistics': { id: 'getActivityGetuserstatistics', tag: 'activity', access: 'member', errors: [400, 401, 403], answer: UserStatisticsAnswer },
  'GET /activity/getuserreadingstreak': { id: 'getActivityGetuserreadingstreak', tag: 'activity', access: 'member', errors: [400, 401, 403], answer: ReadingStreakAnswer },
  'POST /user/goal': { id: 'postUserGoal', tag: 'activity', access: 'member', errors: [400, 401, 403], body: GoalBody, answer: GoalAnswer },
} as const satisfies Record<string, Operation>;

type Ops = typeof operations;
export type OperationKey = keyof Ops;

/** What pages may call (through the portal's gateway in the browser, in-process on the server). */
export type HomepageOperations = { [K in OperationKey as Ops[K]['access'] extends 'portal' ? never : K]: Ops[K] };
/** Server-to-server calls of the portal's sign-in routes; the gateway never forwards them. */
export type PortalOnlyOperations = { [K in OperationKey as Ops[K]['access'] extends 'portal' ? K : never]: Ops[K] };

const entries = Object.entries(operations) as [OperationKey, Operation][];
export const homepageOperations = Object.fromEntries(entries.filter(([, o]) => o.access !== 'portal')) as HomepageOperations;
export const portalOnlyOperations = Object.fromEntries(entries.filter(([, o]) => o.access === 'portal')) as PortalOnlyOperations;

/** A row's method and path (relative to the prefix). */
export function splitKey(key: string): { method: Method; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;
type PathOfKey<K extends OperationKey> = K extends `${string} ${infer P}` ? P : never;
type MethodOfKey<K extends OperationKey> = K extends `${infer M} ${string}` ? M : never;

/**
 * The one typed caller's address: the full path of an operation (prefix included) with its
 * parameters filled in (fillPath, the pages' filler too) and its method.
 * `operationPath('GET /auth/sso/:token', { token })`.
 */
export function operationPath<K extends OperationKey>(
  key: K,
  ...params: [ParamNames<PathOfKey<K>>] extends [never] ? [] : [Record<ParamNames<PathOfKey<K>>, string | number>]
): { method: MethodOfKey<K>; path: string } {
  const { method, path } = splitKey(key);
  return { method: method as MethodOfKey<K>, path: `${HOMEPAGE_PREFIX}${fillPath(path, params[0])}` };
}

/** The rows the portal caches (GETs with a `cache`): the config's TTL defaults and the metrics' series. */
export const cachedOperations: readonly { id: string; path: string; ttlS: number }[] = entries.flatMap(([key, row]) => {
  const { method, path } = splitKey(key);
  return method === 'GET' && row.cache ? [{ id: row.id, path: `${HOMEPAGE_PREFIX}${path}`, ttlS: row.cache.ttlS }] : [];
});

// ---- which row is this path ------------------------------------------------------------

/** A row found for a request: its key, method, path pattern (relative) and the row. */
export interface OperationRef {
  readonly key: OperationKey;
  readonly method: Method;
  readonly path: string;
  readonly row: Operation;
}

interface Route {
  readonly path: string;
  readonly segments: readonly string[];
  /** The documented methods of this path pattern, each with its row. */
  readonly methods: ReadonlyMap<string, OperationRef>;
}

/** A static segment before a parameter, left to right: the order a router (find-my-way) tries them in. */
function routerOrder(a: Route, b: Route): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const pa = (a.segments[i] ?? '').startsWith(':');
    const pb = (b.segments[i] ?? '').startsWith(':');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}

/** The table's path patterns by segment count, each list in router order. */
const ROUTES = (() => {
  const byPath = new Map<string, Map<string, OperationRef>>();
  for (const [key, row] of Object.entries(operations) as [OperationKey, Operation][]) {
    const { method, path } = splitKey(key);
    const methods = byPath.get(path) ?? new Map<string, OperationRef>();
    methods.set(method, { key, method, path, row });
    byPath.set(path, methods);
  }
  const routes: Route[] = [...byPath].map(([path, methods]) => ({ path, segments: path.split('/').slice(1), methods }));
  const bySize = new Map<number, Route[]>();
  for (const r of routes) bySize.set(r.segments.length, [...(bySize.get(r.segments.length) ?? []), r]);
  for (const list of bySize.values()) list.sort(routerOrder);
  return bySize;
})();

function matches(route: Route, parts: readonly string[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const s = route.segments[i] ?? '';
    if (s.startsWith(':') ? parts[i] === '' : s !== parts[i]) return false;
  }
  return true;
}

/**
 * Paths already matched: a gateway call asks which row it is three times (may it be forwarded,
 * is it cached, which metric), and members ask the same few paths again and again. Ids in paths
 * make the map grow; a full one is just dropped.
 */
const routesByPath = new Map<string, Route[]>();

/** The table's path patterns a full path (prefix included, a query string allowed) matches, in router order. */
function routesOf(url: string): Route[] {
  const path = pathOfUrl(url);
  let found = routesByPath.get(path);
  if (found === undefined) {
    const parts = path.slice(HOMEPAGE_PREFIX.length).split('/').slice(1);
    found = path.startsWith(`${HOMEPAGE_PREFIX}/`) ? (ROUTES.get(parts.length) ?? []).filter((r) => matches(r, parts)) : [];
    if (routesByPath.size >= 1_000) routesByPath.clear();
    routesByPath.set(path, found);
  }
  return found;
}

/**
 * Which row answers this method and path (prefix included, a query string allowed), as the
 * reference API's router picks it: the first pattern in router order that has the method.
 * The one answer to "which row is this" for the API, the gateway, the public cache and the
 * portal's metrics (issue 40).
 */
export function operationOf(method: string, url: string): OperationRef | undefined {
  for (const route of routesOf(url)) {
    const ref = route.methods.get(method === 'HEAD' ? 'GET' : method);
    if (ref) return ref;
  }
  return undefined;
}

/**
 * The rows the document lists a path (prefix included) under: those of the first pattern in
 * router order (`/activity/authentication/loan` is listed as a POST, though
 * `GET /activity/authentication/:type` takes it too). Empty: not a path of the table.
 */
export function operationsAt(url: string): OperationRef[] {
  return [...(routesOf(url)[0]?.methods.values() ?? [])];
}
