/** My page's own text. */
const numberFormat = new Intl.NumberFormat('ko-KR');
const n = (v: number) => numberFormat.format(v);

export const mypageText = {
  tabs: '마이페이지 내역',
  buy: '도서 구매 내역',
  penalty: '제재 내역',
  none: '내역이 없습니다.',
  cardNo: '회원증 번호',
  cardNoLabel: (no: string) => `회원증 번호 ${no}`,
  barcodeAlt: (no: string) => `회원증 바코드 ${no}`,
  cardHint: '도서관 안내데스크에서 이 바코드를 보여 주세요.',
  valid: (day: string) => `유효기간 ${day}까지`,
  points: '포인트',
  balance: '사용할 수 있는 포인트',
  spentYear: '올해 사용',
  penaltyYear: '올해 회수',
  editInfo: '회원정보 수정',
  bookstores: '참여 서점 찾기',
  library: '도서관 이용',
  homeLibrary: '소속 도서관',
  loans: '이번 달 대출',
  loansValue: (count: number, limit: number) => `${n(count)}권 / ${n(limit)}권`,
  memberValid: '회원 유효기간',
  alimtalk: '카카오 알림톡',
  alimtalkOn: '받는 중',
  alimtalkOff: '받지 않음',
  kakaoUnlinked: '카카오 계정 미연결',
  push: '알림',
  records: '나의 독서 기록',
  statusNames: { active: '정상', dormant: '휴면', withdrawn: '탈퇴', expired: '만료' },
  pointsValue: (p: number) => `${p > 0 ? '+' : ''}${n(p)}P`,
  suspendedUntil: (day: string) => `${day}까지 적립 정지`,
  pagesOf: (list: string) => `${list} 페이지`,
} as const;

