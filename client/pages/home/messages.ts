/** The home page's own text: the visitor's introduction and the sections every visitor sees. */
export const homeText = {
  /** The hero title: its first line, then the second with the third part emphasised. */
  hero: ['책을 읽고 기록하면', '포인트로 다시 ', '종이책', '을 살 수 있어요'],
  lead: '독서일지와 서평, 도서 대출, 21일 챌린지로 독서포인트를 모으고 가까운 참여 서점에서 1포인트를 1원처럼 사용하세요.',
  service: '서비스 안내 보기',
  quick: '독서활동 바로가기',
  /** What each quick card's page offers; the cards' labels are the pages' titles (shared/routes.ts). */
  offers: {
    bookSearch: '읽을 책을 찾아 독서일지를 시작해요',
    challenge: '매일 한 번 출석하고 완주 포인트까지',
    bookclub: '이웃과 함께 읽고 이야기 나눠요',
    edu: '평생교육 수료를 인증해요',
    popular: '지금 도민이 많이 읽는 책',
    bookstore: '포인트로 종이책을 사는 동네 서점',
  },
  how: '이렇게 참여해요',
  more: '자세히 보기',
  /** The steps of taking part: what, then what it means. */
  steps: [
    ['도서관 회원으로 로그인', '만 14세 이상 도민이라면 누구나 참여할 수 있어요.'],
    ['읽고 기록하기', '독서일지, 서평, 대출·구매 인증, 챌린지 출석으로 포인트가 쌓여요.'],
    ['서점에서 종이책 사기', '모은 포인트는 참여 서점에서 종이책을 살 때 현금처럼 써요.'],
  ],
  all: '전체 보기',
} as const;
