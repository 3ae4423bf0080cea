/** The certification page's own text. */
const numberFormat = new Intl.NumberFormat('ko-KR');
const n = (v: number) => numberFormat.format(v);

export const certifyText = {
  kinds: '인증 종류',
  lead: '도서관 대출, 참여 서점의 종이책 구매, 작가와의 만남 참석을 인증하면 포인트가 적립돼요.',
  eduHint: '교육 과정 수료는',
  eduLink: '교육 인증',
  eduHintEnd: '에서 신청해 주세요.',
  recent: '최근 인증',
  recentNone: '아직 인증한 내역이 없어요.',
  all: '인증 내역 모두 보기',
  submit: '인증하기',
  // loan
  library: '대출한 도서관',
  libraryChoose: '도서관을 골라 주세요',
  loanNo: '대출 번호',
  loanNoHint: '대출 영수증이나 도서관 누리집 ‘대출 내역’에 있는 번호예요. 예: L2026110100123',
  isbn: 'ISBN',
  isbnHint: '책 뒤표지 바코드 위의 13자리 숫자예요.',
  findBook: 'ISBN을 모르면 책을 찾아 골라 주세요',
  loanDate: '대출일',
  loanDateHint: '이번 달에 빌린 책만 인증할 수 있어요.',
  libraryUser: (library: string, count: number, limit: number) => `${library} 회원 · 이번 달 대출 ${n(count)}/${n(limit)}권`,
  // purchase
  bookstore: '구매한 서점',
  bookstoreChoose: '참여 서점을 골라 주세요',
  purchaseDate: '구매일',
  purchaseDateHint: '이번 달 영수증만 인증할 수 있어요.',
  receiptNo: '영수증 번호',
  receiptNoHint: '영수증에 적힌 승인 번호나 거래 번호예요. 예: R\u201120261121\u20110042',
  amount: '결제 금액',
  amountUnit: '원',
  amountInvalid: '결제 금액은 1원 이상의 숫자로 입력해 주세요.',
  bookTitle: '책 제목',
  isbnOptional: 'ISBN (선택)',
  paperOnly: '종이책 영수증만 인증할 수 있어요. 전자책과 지난달 영수증은 인증되지 않아요.',
  // author talk
  talks: '작가와의 만남 행사',
  talksNone: '가까운 날짜에 열리는 행사가 없어요.',
  talkOpen: '오늘 인증할 수 있어요',
  talkDone: '인증 완료',
  talkPast: '지난 행사',
  talkSoon: '행사 예정',
  code: '확인 코드',
  codeHint: '행사장에서 안내한 코드를 입력해 주세요. 행사 당일에만 인증할 수 있어요.',
} as const;
