/**
 * THE list of pages (docs/product.md §2, docs/decisions/D4-behaviour-details.md, docs/decisions/D6-menu-two-level.md): path, breadcrumb title, guard and
 * menu place, declared once. It drives the Fastify routes, the client router, the
 * breadcrumb, the menus and the tests.
 */
import { isMember, type SessionUser } from './session.ts';

/**
 * - `public`: anyone may read the page.
 * - `member`: a signed-in member with agreed terms (docs/decisions/D6-menu-two-level.md).
 * - `signedIn`: a signed-in member, agreed or not (the terms agreement page).
 */
export type Guard = 'public' | 'member' | 'signedIn';

export interface PageDef {
  readonly id: string;
  /** Route pattern, the same syntax for Fastify and react-router (`:param`). */
  readonly path: string;
  /** Breadcrumb title: page heading and `<title>`. */
  readonly title: string;
  readonly guard: Guard;
  /** First-level menu group the page sits under, for the breadcrumb. */
  readonly section?: SectionId;
  /** A path to use when linking to the page (adds a query, fills params). */
  readonly href?: string;
  /** The page exists only when the runtime test-login flag is on (docs/decisions/D2-answers-and-codes.md). */
  readonly testLoginOnly?: boolean;
  /**
   * Path parameters and the pattern each must match. A request whose parameter does not
   * match is a page that cannot exist: the 404 rule sends it home (docs/product.md §4).
   */
  readonly params?: Readonly<Record<string, string>>;
}

export type SectionId = 'activity' | 'books' | 'board' | 'service' | 'mypage';

export const HOME_PATH = '/main/homemain';
export const HOME_ALT_PATH = '/bookpoint/main/homemain';
export const LOGIN_PATH = '/login/login';
export const INAPP_PATH = '/inapp/inapp';
export const AGREE_PATH = '/agree/agree';
export const INFORMATION_PATH = '/mypage/information';

export const pages = [
  { id: 'home', path: HOME_PATH, title: '홈', guard: 'public' },
  { id: 'homeAlt', path: HOME_ALT_PATH, title: '홈', guard: 'public' },
  { id: 'activity', path: '/activity/activity', title: '나의 활동', guard: 'member', section: 'activity' },
  { id: 'bookSearch', path: '/search/booksearch', title: '독서 시작하기', guard: 'public', section: 'activity' },
  { id: 'challenge', path: '/challenge/challenge', title: '21일 챌린지', guard: 'member', section: 'activity' },
  { id: 'bookclub', path: '/bookclub/bookclub', title: '독서동아리', guard: 'member', section: 'activity' },
  { id: 'edu', path: '/edu/eduBook', title: '교육 인증', guard: 'member', section: 'activity' },
  { id: 'diary', path: '/activity/diary', title: '독서일지 쓰기', guard: 'member', section: 'activity' },
  { id: 'review', path: '/activity/review', title: '서평 쓰기', guard: 'member', section: 'activity' },
  { id: 'certify', path: '/activity/certify', title: '활동 인증', guard: 'member', section: 'activity' },
  { id: 'records', path: '/activity/records', title: '나의 독서 기록', guard: 'member', section: 'mypage' },
  { id: 'popular', path: '/search/popularbooksearch', title: '인기 도서', guard: 'public', section: 'books' },
  {
    id: 'book',
    path: '/book/:isbn',
    title: '도서 정보',
    guard: 'public',
    section: 'books',
    // ISBN13_PATTERN of shared/contract/programme.ts, written here: the shell's chunk does not carry that module.
    params: { isbn: '^97[89][0-9]{10}$' },
  },
  { id: 'service', path: '/service/service', title: '서비스 안내', guard: 'public', section: 'service' },
  { id: 'noticeList', path: '/board/notice/homenotice', title: '공지사항', guard: 'public', section: 'board' },
  {
    id: 'noticeDetail',
    path: '/board/notice/detail/:notice_info_key',
    title: '공지사항 상세',
    guard: 'public',
    section: 'board',
    params: { notice_info_key: '^[1-9][0-9]{0,9}$' },
  },
  { id: 'faq', path: '/board/faq/homefaq', title: '자주 묻는 질문', guard: 'public', section: 'board' },
  { id: 'bookstore', path: '/service/bookstore', title: '참여 서점 안내', guard: 'public', section: 'service' },
  { id: 'newsletter', path: '/board/newsletter/newsletter', title: '뉴스레터', guard: 'public', section: 'board' },
  { id: 'terms', path: '/service/terms', title: '이용약관', guard: 'public', section: 'service' },
  { id: 'privacy', path: '/service/privacy', title: '개인정보 처리방침', guard: 'public', section: 'service' },
  { id: 'display', path: '/service/display', title: '화면 설정', guard: 'public', section: 'service' },
  {
    id: 'mypage',
    path: '/mypage/mypage',
    href: '/mypage/mypage?search_type=buy',
    title: '마이페이지',
    guard: 'member',
    section: 'mypage',
  },
  { id: 'information', path: INFORMATION_PATH, title: '회원정보 수정', guard: 'member', section: 'mypage' },
  { id: 'agree', path: AGREE_PATH, title: '약관 동의', guard: 'signedIn' },
  { id: 'inapp', path: INAPP_PATH, title: '외부 브라우저 안내', guard: 'public' },
  { id: 'sso', path: '/sso/sso', title: '테스트 통합 로그인', guard: 'public', testLoginOnly: true },
  { id: 'upcoming', path: '/upcoming/upcoming', title: '서비스 준비 중', guard: 'public' },
  { id: 'login', path: LOGIN_PATH, title: '로그인', guard: 'public' },
] as const satisfies readonly PageDef[];

export type PageId = (typeof pages)[number]['id'];

export const pageById: Readonly<Record<PageId, PageDef>> = Object.fromEntries(pages.map((p) => [p.id, p])) as Record<
  PageId,
  PageDef
>;

/** Whether this user may see the page (docs/decisions/D6-menu-two-level.md); the same answer on server and browser. */
export function mayView(page: PageDef, user: SessionUser | null): boolean {
  if (page.guard === 'member') return isMember(user);
  if (page.guard === 'signedIn') return user !== null;
  return true;
}

/** What a route carries so the shell knows its page: react-router's `handle`. */
export interface PageHandle {
  pageId: PageId;
}

function isPageHandle(v: unknown): v is PageHandle {
  return typeof v === 'object' && v !== null && 'pageId' in v && typeof v.pageId === 'string' && v.pageId in pageById;
}

/** The page of a matched route chain (the deepest route with a page handle), else home. */
export function pageOfMatches(matches: readonly { handle?: unknown; route?: { handle?: unknown } }[]): PageDef {
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const handle = m?.handle ?? m?.route?.handle;
    if (isPageHandle(handle)) return pageById[handle.pageId];
  }
  return pageById.home;
}

/** Where a link to the page goes. */
export function hrefOf(id: PageId): string {
  const page: PageDef = pageById[id];
  return page.href ?? page.path;
}

export interface MenuGroup {
  readonly id: SectionId;
  readonly label: string;
  readonly items: readonly { readonly page: PageId; readonly label: string }[];
}

/** The two-level menu of docs/decisions/D6-menu-two-level.md. */
export const menu: readonly MenuGroup[] = [
  {
    id: 'activity',
    label: '독서활동',
    items: [
      { page: 'activity', label: '나의 활동' },
      { page: 'bookSearch', label: '독서 시작하기' },
      { page: 'certify', label: '활동 인증' },
      { page: 'challenge', label: '21일 챌린지' },
      { page: 'bookclub', label: '독서동아리' },
      { page: 'edu', label: '교육 인증' },
    ],
  },
  {
    id: 'books',
    label: '도서',
    items: [
      { page: 'popular', label: '인기 도서' },
      { page: 'bookSearch', label: '도서 검색' },
    ],
  },
  {
    id: 'board',
    label: '알림마당',
    items: [
      { page: 'noticeList', label: '공지사항' },
      { page: 'faq', label: '자주 묻는 질문' },
      { page: 'newsletter', label: '뉴스레터' },
    ],
  },
  {
    id: 'service',
    label: '이용안내',
    items: [
      { page: 'service', label: '서비스 안내' },
      { page: 'bookstore', label: '참여 서점 안내' },
      { page: 'terms', label: '이용약관' },
    ],
  },
  {
    id: 'mypage',
    label: '마이페이지',
    items: [
      { page: 'mypage', label: '마이페이지' },
      { page: 'records', label: '나의 독서 기록' },
      { page: 'information', label: '회원정보 수정' },
    ],
  },
];

/** Where a path sits in the two-level menu: the current first-level group and page. */
export interface MenuPlace {
  readonly group: SectionId | undefined;
  readonly page: string | undefined;
}

/**
 * A page's section is the one current first-level group, and only that group's entry for
 * the page is the current link. So /search/booksearch, listed under 독서활동 (독서 시작하기)
 * and under 도서 (도서 검색), is current under 독서활동 only, as its breadcrumb says
 * (decision 0051). Pages outside the menu (a notice's detail) light their section.
 */
export function menuPlace(pathname: string): MenuPlace {
  const page = matchPage(pathname);
  return { group: page?.section, page: page?.id };
}

export const sectionLabel: Readonly<Record<SectionId, string>> = Object.fromEntries(
  menu.map((g) => [g.id, g.label]),
) as Record<SectionId, string>;

/** docs/product.md §2: any path containing /login shows the login screen (without header or footer). */
export function isLoginPath(pathname: string): boolean {
  return pathname.includes('/login');
}

export function isHomePath(pathname: string): boolean {
  return pathname === HOME_PATH || pathname === HOME_ALT_PATH || pathname === '/';
}

/** docs/product.md §2: paths containing /upcoming omit the floating top button. */
export function hidesTopButton(pathname: string): boolean {
  return pathname.includes('/upcoming');
}

/** docs/product.md §4 joincheck is skipped on the agree and information paths. */
export function skipsJoincheck(pathname: string): boolean {
  return pathname.startsWith(AGREE_PATH) || pathname.startsWith(INFORMATION_PATH);
}

/** Matches a concrete pathname against the page table (exact, with `:param` segments). */
export function matchPage(pathname: string): PageDef | undefined {
  const segs = pathname.split('/');
  return (pages as readonly PageDef[]).find((p) => {
    const ps = p.path.split('/');
    return ps.length === segs.length && ps.every((s, i) => s.startsWith(':') ? (segs[i] ?? '') !== '' : s === segs[i]);
  });
}
