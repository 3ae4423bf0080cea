/** The book page's own text. */
import { formatNumber as n } from '#shared/format-number.ts';

export const bookText = {
  author: '지은이',
  publisher: '출판사',
  year: '펴낸 해',
  isbn: 'ISBN',
  subject: '분류',
  mine: '나의 기록',
  myDiaries: '이 책의 독서일지',
  myReviews: '이 책에 쓴 서평',
  noDiary: '아직 이 책의 독서일지가 없어요. 오늘 읽은 만큼 기록해 보세요.',
  noReview: '아직 이 책에 서평을 쓰지 않았어요.',
  allDiaries: '독서일지 모두 보기',
  publicReviews: '회원 서평',
  noPublicReview: '아직 서평이 없어요. 첫 서평을 남겨 주세요.',
  reviewPages: '회원 서평 페이지',
  mineBadge: '내 서평',
  visitorHint: '로그인하면 이 책의 독서일지와 서평을 쓰고 포인트를 모을 수 있어요.',
  revoked: '회수됨',
  stats: (diaries: number, reviews: number) => `독서일지 ${n(diaries)}편 · 서평 ${n(reviews)}편`,
  rating: (avg: number) => `평균 별점 ${avg.toFixed(1)}`,
  ratingLabel: (stars: number) => `별점 5점 중 ${stars}점`,
  pages: (p: number) => `${n(p)}쪽`,
  description: (author: string, publisher: string, year: number, diaries: number, reviews: number, avg: number | null) =>
    `${author} · ${publisher} · ${year}. 독서일지 ${n(diaries)}편, 서평 ${n(reviews)}편${avg === null ? '' : `, 평균 별점 ${avg.toFixed(1)}`}.`,
} as const;
