/**
 * The member's reading-programme pages (writes, read-back lists, the book page, the card):
 * canonical labels and messages of docs/product.md (Messages) "Member activity", and the text these
 * pages share. Kept out of shared/messages.ts so the shell's bundle does not carry it
 * (decision 0034); each page brings it with its own chunk.
 */
import { DIARY_MAX_CHARS, POINTS, REVIEW_MAX_CHARS, REVIEW_MIN_CHARS } from './contract/programme.ts';
import { formatNumber as n } from './format-number.ts';

/** Review and diary lengths: the programme's (shared/contract/programme.ts). */
export { DIARY_MAX_CHARS, REVIEW_MAX_CHARS, REVIEW_MIN_CHARS };

/** Entry points and list names, exactly as docs/product.md (Messages) has them. */
export const programmeLabels = {
  diary: '독서일지 쓰기',
  review: '서평 쓰기',
  loan: '대출 인증',
  purchase: '구매 인증',
  authorTalk: '작가와의 만남 인증',
  meeting: '모임 기록',
  diaries: '나의 독서일지',
  reviews: '나의 서평',
  pointHistory: '포인트 내역',
  card: '회원증',
} as const;

export const programmeMessages = {
  /** review.tooShort */
  reviewTooShort: `서평은 ${REVIEW_MIN_CHARS}자 이상 입력해 주세요.`,
  /** review.tooLong */
  reviewTooLong: `서평은 ${n(REVIEW_MAX_CHARS)}자까지 입력할 수 있어요.`,
  diaryTooLong: `독서일지는 ${DIARY_MAX_CHARS}자까지 입력할 수 있어요.`,
  bookNotFound: '책을 찾을 수 없어요. ISBN을 다시 확인해 주세요.',
  isbnInvalid: 'ISBN은 978 또는 979로 시작하는 13자리 숫자로 입력해 주세요.',
  /** A challenge form whose intent is neither start nor check-in (an old or altered page). */
  unknownAction: '요청을 처리할 수 없습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.',
} as const;

/** review.counter: "{n}/1,000자". */
export function reviewCounter(count: number): string {
  return `${n(count)}/${n(REVIEW_MAX_CHARS)}자`;
}

/** The diary's counter: "{n}/200자". */
export function diaryCounter(count: number): string {
  return `${n(count)}/${n(DIARY_MAX_CHARS)}자`;
}

/**
 * What a counter says, and only when it matters (decision 0143): as the text nears its limit
 * and when it goes over. "180/200자, 20자 남았어요."
 */
export const counterSaid = {
  near: (counter: string, left: number) => `${counter}, ${n(left)}자 남았어요.`,
  over: (counter: string, over: number) => `${counter}, ${n(over)}자 넘었어요.`,
} as const;

/** earn.done: "{points}P가 적립되었어요." */
export function earnDone(points: number): string {
  return `${n(points)}P가 적립되었어요.`;
}

/** earn.none: "이번 활동은 적립되지 않았어요. {reason}" (the reason is the API's). */
export function earnNone(reason: string): string {
  return `이번 활동은 적립되지 않았어요. ${reason}`.trim();
}

/** "이번 달 1/2회 적립" (or "이번 달 3회 적립" without a monthly limit). */
export function monthCount(earned: number, limit: number | null): string {
  return limit === null ? `이번 달 ${n(earned)}회 적립` : `이번 달 ${n(earned)}/${n(limit)}회 적립`;
}

/** "1,000P · 월 2회" */
export function pointsRule(points: number | string, limit: number | null): string {
  const p = typeof points === 'number' ? `${n(points)}P` : points;
  return limit === null ? p : `${p} · 월 ${n(limit)}회`;
}

/** "잔액 12,345P" */
export function balanceText(balance: number): string {
  return `잔액 ${n(balance)}P`;
}

/** Choosing a book (book-picker.tsx). */
export const pickerText = {
  search: '책 찾기',
  query: '책 제목, 지은이 또는 ISBN',
  placeholder: '책 제목, 지은이 또는 ISBN',
  submit: '찾기',
  choose: '이 책 선택',
  none: '찾는 책이 없어요. 다른 낱말로 찾아 주세요.',
  results: (q: string) => `‘${q}’ 검색 결과`,
  change: '다른 책 고르기',
} as const;

/**
 * What each way of earning is worth, as the programme publishes it (domain.md "Earning");
 * the monthly limits and this month's counts on the pages come from the API.
 */
export const earnPoints = {
  diary: `${n(POINTS.diary)}P (첫 일지 ${n(POINTS.firstDiary)}P)`,
  review: `${n(POINTS.review)}P`,
  loan: `${n(POINTS.loan)}P`,
  purchase: `${n(POINTS.purchase)}P`,
  authortalk: `${n(POINTS.authortalk)}P`,
  bookclub: `${n(POINTS.bookclub)}P`,
} as const;

/** Text the write forms share. */
export const writeText = {
  chosenBook: '선택한 책',
  chooseBook: '책을 먼저 골라 주세요.',
  bookMissing: '책',
  viewBook: '책 정보 보기',
  again: '하나 더 인증하기',
  records: '나의 독서 기록 보기',
  monthStatus: (label: string) => `이번 달 ${label} 현황`,
} as const;

/** earn.done or earn.none (with the API's reason) for an activity's points. */
export function earnSentenceOf(points: number, reason: string): string {
  return points > 0 ? earnDone(points) : earnNone(reason);
}
