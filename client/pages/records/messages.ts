/** The read-back page's own text. */
import { formatNumber as n } from '#shared/format-number.ts';

export const recordsText = {
  kinds: '기록 종류',
  loan: '대출',
  purchase: '구매',
  authortalk: '작가와의 만남',
  edu: '교육',
  bookclub: '동아리 모임',
  byBook: '책별 기록',
  byBookHint: '책을 고르면 그 책의 독서일지만 볼 수 있어요.',
  entries: '독서일지',
  entriesOf: (title: string) => `‘${title}’ 독서일지`,
  allBooks: '모든 책 보기',
  noDiary: '아직 쓴 독서일지가 없어요. 읽을 책을 찾아 첫 일지를 써 보세요.',
  noReview: '아직 쓴 서평이 없어요.',
  noCert: '아직 인증한 내역이 없어요.',
  write: '쓰러 가기',
  certify: '인증하러 가기',
  pagesLabel: (label: string) => `${label} 페이지`,
  historyLine: (count: number, pages: number) => `일지 ${n(count)}편 · ${n(pages)}쪽`,
  period: (from: string, to: string) => (from === to ? from : `${from} ~ ${to}`),
  readPages: (p: number) => `${n(p)}쪽`,
  ratingLabel: (stars: number) => `별점 5점 중 ${stars}점`,
  revoked: '회수됨',
  edit: '고치기',
  editLabel: (title: string) => `‘${title}’ 서평 고치기`,
  total: (count: number) => `모두 ${n(count)}건`,
  /** A certification kind's document title: "대출 기록". */
  kindTitle: (label: string) => `${label} 기록`,
} as const;
