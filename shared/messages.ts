/**
 * Every member-facing Korean string, in one place (decisions D5, messages-ko.md).
 * Requests use the spaced polite form "-해 주세요"; templated messages choose the
 * particle for the word they follow (es-hangul's josa).
 */
import { josa } from 'es-hangul';
import { apiMessages } from './messages-api.ts';

export const messages = {
  /** What the homepage API answers with (kept in messages-api.ts). */
  api: apiMessages,
  login: {
    idRequired: '아이디를 입력해 주세요.',
    passwordRequired: '비밀번호를 입력해 주세요.',
    expired: '회원정보가 만료되었습니다.',
    agreeRequired: '서비스 이용을 위해 약관 동의가 필요합니다. 약관 동의 페이지로 이동하시겠습니까?',
    invalid: '아이디 또는 비밀번호가 올바르지 않습니다.',
    tooMany: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    accountLocked: '로그인에 여러 번 실패하여 잠시 로그인할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    id: '아이디',
    password: '비밀번호',
    keep: '로그인 상태 유지',
    submit: '로그인',
    signup: '회원가입',
    test: '테스트 로그인',
    title: '로그인',
    intro: '도서관 회원 아이디로 로그인해 주세요.',
    signupHint: '아직 회원이 아니신가요?',
  },
  form: {
    notFound: '요청하신 양식을 찾을 수 없습니다.',
  },
  agree: {
    intro: '독서포인트 서비스를 이용하려면 아래 약관을 읽고 동의해 주세요.',
    all: '전체 동의',
    terms: '이용약관',
    privacy: '개인정보 수집·이용',
    notice: '독서포인트 소식과 알림 받기',
    required: '필수',
    optional: '선택',
    submit: '동의하고 계속하기',
    cancel: '동의하지 않고 로그아웃',
    done: '약관에 동의했습니다.',
  },
  guard: {
    loginRequired: '로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?',
  },
  gate: {
    loginTitle: '로그인이 필요한 서비스입니다.',
    loginBody: '도서관 회원으로 로그인하면 이용할 수 있어요. 로그인 후 보시던 화면으로 돌아옵니다.',
    agreeTitle: '약관 동의가 필요합니다.',
    agreeBody: '독서포인트 서비스 이용약관과 개인정보 수집·이용에 동의하면 이용할 수 있어요.',
    agreeAction: '약관 동의하러 가기',
  },
  notice: {
    none: '등록된 공지사항이 없습니다.',
    stripLabel: '공지',
    notFound: '요청하신 공지사항을 찾을 수 없습니다.',
  },
  error: {
    temporary: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    badRequest: '요청 내용을 다시 확인해 주세요.',
    notFound: '요청하신 정보를 찾을 수 없습니다.',
    forbiddenPath: '허용되지 않은 요청 경로입니다.',
    forbidden: '허용되지 않은 요청입니다.',
    tooMany: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    pageTitle: '오류가 발생했습니다',
  },
  session: {
    ended: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
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
  },
  dialog: {
    ok: '확인',
    cancel: '취소',
    yes: '예',
    no: '아니요',
  },
  loading: '불러오는 중입니다.',
  inapp: {
    title: '외부 브라우저에서 열어 주세요',
    body: '메신저나 SNS 앱 안의 브라우저에서는 로그인과 일부 기능이 제대로 동작하지 않을 수 있습니다. 휴대전화의 기본 브라우저(Chrome, Safari, 삼성 인터넷 등)에서 열어 주세요.',
    open: '외부 브라우저로 열기',
    copy: '주소 복사',
    copied: '주소를 복사했습니다. 외부 브라우저의 주소창에 붙여 넣어 주세요.',
    iosHint: '아이폰에서는 화면 오른쪽 아래의 메뉴(⋯)를 누른 뒤 「Safari로 열기」를 선택해 주세요.',
    continue: '이 브라우저에서 계속 이용하기',
  },
  information: {
    title: '정보 수정',
    submit: '저장',
    saved: '회원정보를 수정했습니다.',
    passwordHint: '회원정보를 바꾸려면 현재 비밀번호를 한 번 더 입력해 주세요.',
  },
  diary: {
    start: '독서일지 쓰기',
    label: '오늘 읽은 내용과 느낀 점',
    hint: '하루 한 번 적립됩니다.',
    submit: '일지 저장',
    empty: '독서일지 내용을 입력해 주세요.',
  },
  upcoming: {
    title: '서비스 준비 중입니다.',
    body: '더 나은 서비스로 찾아뵙기 위해 준비하고 있습니다. 서비스가 열리면 공지사항으로 알려 드리겠습니다.',
  },
} as const;

/** form.required: "{label}을/를 입력해 주세요." with the particle the label needs. */
export function requiredMessage(label: string): string {
  return `${josa(label, '을/를')} 입력해 주세요.`;
}

/** For a required consent checkbox: "{label}에 동의해 주세요." */
export function consentMessage(label: string): string {
  return `${label}에 동의해 주세요.`;
}

/** shell.greeting: "{name}님, 반갑습니다." */
export function greeting(name: string): string {
  return `${name}님, 반갑습니다.`;
}
