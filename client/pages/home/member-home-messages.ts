/** The member part of the home page: its own strings (loaded with it, members only — decision 0050). */
import { formatNumber } from '#shared/format-number.ts';

export const memberHomeText = {
  title: '나의 독서 현황',
  points: '나의 독서포인트',
  balance: '사용할 수 있는 포인트',
  monthEarned: (month: string) => `${Number(month.slice(5))}월 적립`,
  pointHistory: '포인트 내역',
  challenge: '오늘의 21일 챌린지',
  streak: (days: number, total: number) => `${days}일째 연속 출석 중이에요. 완주까지 ${total - days}일 남았어요.`,
  progress: '챌린지 진행률',
  notCheckedIn: '오늘은 아직 출석하지 않았어요.',
  checkedIn: (points: number | undefined) =>
    points === undefined ? '오늘 출석을 마쳤어요.' : `오늘 출석을 마쳤어요. ${formatNumber(points)}P가 적립되었어요.`,
  noChallenge: '진행 중인 챌린지가 없어요. 오늘 시작하면 오늘이 1일째예요.',
  checkIn: '오늘 출석하기',
  start: '21일 챌린지 시작하기',
  board: '출석판 보기',
  lastBook: '최근 읽은 책',
  lastBookNone: '아직 기록한 책이 없어요. 읽을 책을 찾아 독서일지를 시작해 보세요.',
  bookPage: '책 정보 보기',
  earn: '포인트 모으기',
  links: {
    diary: '독서일지 쓰기',
    review: '서평 쓰기',
    loan: '대출 인증',
    purchase: '구매 인증',
    authorTalk: '작가와의 만남 인증',
    activity: '나의 활동',
  },
  signInFirst: '로그인이 필요한 서비스입니다.',
} as const;
