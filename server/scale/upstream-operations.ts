/**
 * The homepage API's route patterns, so that upstream metrics are labelled by operation
 * (`/api/v1/homepage/board/notice/:notice_info_key`), never by the raw path, which may
 * hold ids or an SSO token. A test keeps this list equal to the reference API's routes
 * (its OpenAPI document). Paths that match none are `other`.
 */
const PATTERNS = [
  '/api/v1/homepage/auth/login',
  '/api/v1/homepage/auth/refresh',
  '/api/v1/homepage/auth/logout',
  '/api/v1/homepage/auth/sso/:token',
  '/api/v1/homepage/common/joincheck/:user_id',
  '/api/v1/homepage/common/token/logout',
  '/api/v1/homepage/common/systemcontentinfo',
  '/api/v1/homepage/code/:group/:code',
  '/api/v1/homepage/code/local/:a',
  '/api/v1/homepage/code/local/:a/:b',
  '/api/v1/homepage/user/info',
  '/api/v1/homepage/user/api/user',
  '/api/v1/homepage/user/api/card',
  '/api/v1/homepage/user/kapiinfo',
  '/api/v1/homepage/user/point',
  '/api/v1/homepage/user/point/list',
  '/api/v1/homepage/user/penalty/list',
  '/api/v1/homepage/board/notice',
  '/api/v1/homepage/board/notice/:notice_info_key',
  '/api/v1/homepage/board/faq',
  '/api/v1/homepage/board/newsletter',
  '/api/v1/homepage/board/newsletter/:newsletter_key',
  '/api/v1/homepage/activity/bookdiary',
  '/api/v1/homepage/activity/bookreview',
  '/api/v1/homepage/activity/authentication/loan',
  '/api/v1/homepage/activity/authentication/purchase',
  '/api/v1/homepage/activity/authentication/authortalk',
  '/api/v1/homepage/activity/authentication/edu',
  '/api/v1/homepage/activity/edutypes',
  '/api/v1/homepage/activity/getbookdiaryinfolist',
  '/api/v1/homepage/activity/getbookdiaryhistorylist',
  '/api/v1/homepage/activity/getbookreviewinfolist',
  '/api/v1/homepage/activity/getbookactivityinfolist',
  '/api/v1/homepage/activity/authentication/:type',
  '/api/v1/homepage/activity/getuseractivitycnt',
  '/api/v1/homepage/activity/getactivityranking',
  '/api/v1/homepage/activity/getuserattendancecheck',
  '/api/v1/homepage/challenge/start',
  '/api/v1/homepage/challenge/checkin',
  '/api/v1/homepage/bookclub/list',
  '/api/v1/homepage/bookclub/:club_key',
  '/api/v1/homepage/bookclub/:club_key/join',
  '/api/v1/homepage/bookclub/:club_key/leave',
  '/api/v1/homepage/bookclub/:club_key/meetings',
  '/api/v1/homepage/book/search',
  '/api/v1/homepage/book/:isbn',
  '/api/v1/homepage/popular/popularbooklist',
  '/api/v1/homepage/bookstore/list',
  '/api/v1/homepage/admin/penalty',
] as const;

export const UPSTREAM_PATTERNS: readonly string[] = PATTERNS;

interface Compiled {
  pattern: string;
  segments: readonly string[];
  statics: number;
}

// Most static segments first: `/code/local/:a` wins over `/code/:group/:code`, as in a router.
const COMPILED: readonly Compiled[] = PATTERNS.map((pattern) => {
  const segments = pattern.split('/').slice(1);
  return { pattern, segments, statics: segments.filter((s) => !s.startsWith(':')).length };
}).sort((a, b) => b.statics - a.statics);

/** The route pattern of an upstream path (without its query), or `other`. */
export function upstreamOperation(path: string): string {
  const parts = path.split('?')[0]?.split('/').slice(1) ?? [];
  for (const c of COMPILED) {
    if (c.segments.length !== parts.length) continue;
    if (c.segments.every((s, i) => s.startsWith(':') ? (parts[i] ?? '') !== '' : s === parts[i])) return c.pattern;
  }
  return 'other';
}
