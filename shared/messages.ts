/**
 * The shell's and the pages' common member-facing Korean strings (docs/decisions/D5-korean-text.md, docs/product.md (Messages)).
 * Member-facing Korean text lives only in messages modules (decision 0120), each where its
 * bundle needs it:
 * - here: the shell and what several pages share (every page downloads this file);
 * - a page's own text beside it, `client/pages/<page>/messages.ts` (its chunk only); a lazy
 *   part's or a shared component's in `*-messages.ts` beside it (`client/shell/login-gate-messages.ts`,
 *   `client/pages/home/member-home-messages.ts`, `client/components/pagination-messages.ts`);
 * - sign-in's messages (the login page, the guard's dialog, the server's sign-in): `messages-login.ts`;
 * - the reading programme's shared labels and messages: `messages-programme.ts`;
 * - messages that need a particle for the word they follow: `messages-form.ts` (es-hangul's
 *   josa stays out of pages without forms);
 * - the portal server's own answers: `messages-server.ts`; the reference API's: `messages-api.ts`.
 * `npm run lint` (no-restricted-syntax in eslint.config.js) refuses Hangul in any other file
 * of `client/` (tests aside).
 * Requests use the spaced polite form "-해 주세요".
 */
export const messages = {
  form: {
    notFound: '요청하신 양식을 찾을 수 없습니다.',
  },
  guard: {
    loginRequired: '로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?',
  },
  notice: {
    none: '등록된 공지사항이 없습니다.',
    /** The notice strip when the API could not answer (not "none", issue 38). */
    unavailable: '공지사항을 불러오지 못했습니다.',
    stripLabel: '공지',
    /** The notice types' badges. */
    types: { '1': '일반', '2': '행사', '3': '시스템' },
  },
  error: {
    temporary: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    notFound: '요청하신 정보를 찾을 수 없습니다.',
    pageTitle: '오류가 발생했습니다',
  },
  session: {
    ended: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    /** Said on the page a sign-out leads to (decision 0143). */
    signedOut: '로그아웃했습니다.',
  },
  shell: {
    skip: '본문 바로가기',
    loginPrompt: '로그인해 주세요.',
    login: '로그인',
    logout: '로그아웃',
    editInfo: '회원정보 수정',
    back: '이전 페이지',
    home: '홈으로',
    menu: '전체메뉴',
    closeMenu: '메뉴 닫기',
    mainMenu: '주 메뉴',
    noticeStrip: '공지사항 알림',
    currentPage: '현재 페이지',
    breadcrumb: '현재 위치',
    breadcrumbHome: '홈',
    display: '화면 설정',
  },
  float: {
    label: '빠른 메뉴',
    start: '독서 시작하기',
    top: '맨 위로',
    close: '닫기',
  },
  footer: {
    privacy: '개인정보 처리방침',
    terms: '이용약관',
    newWindow: '새 창 열림',
    emailNote: '수신 전용',
    phone: '고객지원',
    email: '이메일',
    related: '관련 사이트',
    copyright: '모든 권리 보유.',
    office: '독서포인트 운영 사무국',
    hours: '평일 09:00~18:00',
  },
  dialog: {
    ok: '확인',
    cancel: '취소',
    yes: '예',
    no: '아니요',
  },
  loading: '불러오는 중입니다.',
} as const;

/** shell.greeting: "{name}님, 반갑습니다." */
export function greeting(name: string): string {
  return `${name}님, 반갑습니다.`;
}
