/** FAQ, newsletters, partner bookstores, author talks, education types, book clubs. */

export const SEED_FAQS: readonly { key: number; category: string; q: string; a: string }[] = [
  { key: 1, category: 'member', q: '누가 독서포인트에 참여할 수 있나요?', a: '충청북도에 사는 만 14세 이상 도서관 회원이면 누구나 참여할 수 있습니다. 도서관 회원 아이디로 로그인한 뒤 약관에 동의하면 바로 시작할 수 있습니다.' },
  { key: 2, category: 'member', q: '회원정보가 만료되었다고 나옵니다.', a: '도서관 회원증의 유효기간이 지난 경우입니다. 가까운 공공도서관에 신분증을 가지고 방문하시거나 도서관 누리집에서 회원 자격을 갱신해 주세요.' },
  { key: 3, category: 'member', q: '휴대전화 번호나 주소를 바꾸고 싶어요.', a: '마이페이지 > 회원정보 수정에서 바꿀 수 있습니다. 개인정보 보호를 위해 현재 비밀번호를 한 번 더 입력해야 합니다.' },
  { key: 4, category: 'member', q: '로그인 상태 유지는 얼마 동안 되나요?', a: '로그인 상태 유지를 선택하면 최대 1년 동안 다시 로그인하지 않아도 됩니다. 공용 컴퓨터에서는 선택하지 마세요.' },
  { key: 5, category: 'point', q: '한 달에 몇 포인트까지 적립되나요?', a: '한 달에 23,750포인트, 한 해에 60,000포인트까지 적립됩니다. 한도를 넘은 활동도 기록은 되지만 포인트는 적립되지 않습니다.' },
  { key: 6, category: 'point', q: '포인트는 언제 소멸되나요?', a: '적립한 포인트는 사업 연도가 끝나는 12월 31일에 소멸됩니다. 마이페이지에서 소멸 예정 포인트를 확인할 수 있습니다.' },
  { key: 7, category: 'point', q: '적립된 포인트가 회수되었어요.', a: '같은 영수증을 두 번 인증하거나 사실과 다른 활동을 인증하면 포인트가 회수되고 적립이 정지될 수 있습니다. 회수 사유는 마이페이지의 제재 내역에서 확인해 주세요.' },
  { key: 8, category: 'point', q: '포인트를 현금으로 받을 수 있나요?', a: '아니요. 포인트는 참여 서점에서 종이책을 살 때만 1포인트당 1원으로 사용할 수 있습니다.' },
  { key: 9, category: 'activity', q: '독서일지는 하루에 몇 번 쓸 수 있나요?', a: '언제든 여러 번 쓸 수 있지만 포인트는 하루 한 번, 한 달 31회까지 적립됩니다. 첫 독서일지는 200포인트, 그다음부터는 50포인트입니다.' },
  { key: 10, category: 'activity', q: '서평은 몇 자를 써야 하나요?', a: '서평은 200자 이상 1,000자 이내로 써 주세요. 한 달에 3편까지 500포인트씩 적립됩니다.' },
  { key: 11, category: 'activity', q: '도서관에서 빌린 책도 포인트가 되나요?', a: '네. 이번 달에 빌린 책의 대출 기록을 인증하면 1,000포인트가 적립되며 한 달에 2회까지 인정됩니다.' },
  { key: 12, category: 'activity', q: '작가와의 만남 확인 코드는 어디서 받나요?', a: '행사 당일 행사장에서 진행자가 안내합니다. 코드는 행사 당일에만 입력할 수 있습니다.' },
  { key: 13, category: 'activity', q: '독서동아리 모임 포인트는 어떻게 받나요?', a: '동아리 회장이 모임 날짜와 참석자를 기록하면 참석한 회원에게 500포인트씩 적립됩니다(월 4회까지).' },
  { key: 14, category: 'challenge', q: '21일 챌린지는 어떻게 진행되나요?', a: '챌린지를 시작한 날이 1일째 출석입니다. 매일 한 번 출석하면 10~50포인트가 무작위로 적립되고, 21일을 연속으로 출석하면 완주 포인트 500포인트가 추가로 적립됩니다.' },
  { key: 15, category: 'challenge', q: '하루를 빠뜨렸어요. 이어서 할 수 있나요?', a: '하루라도 출석하지 않으면 진행 중인 챌린지는 끝납니다. 다음 날부터 새 챌린지를 시작할 수 있습니다.' },
  { key: 16, category: 'challenge', q: '하루의 기준은 언제인가요?', a: '한국 시간 밤 12시(자정)를 기준으로 하루가 바뀝니다.' },
  { key: 17, category: 'bookstore', q: '어느 서점에서 포인트를 쓸 수 있나요?', a: '이용안내 > 참여 서점 안내에서 시·군별 참여 서점과 영업시간을 확인할 수 있습니다.' },
  { key: 18, category: 'bookstore', q: '전자책도 살 수 있나요?', a: '포인트로는 종이책만 살 수 있습니다. 전자책, 잡지 정기구독, 문구류는 살 수 없습니다.' },
  { key: 19, category: 'bookstore', q: '구매 영수증은 언제까지 인증할 수 있나요?', a: '구매한 달 안에 인증해야 합니다. 지난달 영수증은 인증할 수 없습니다.' },
];

export const SEED_NEWSLETTERS: readonly { key: number; issue: number; title: string; summary: string; content: string; date: string }[] = [
  { key: 1, issue: 1, title: '충북 독서포인트가 시작됩니다', summary: '읽고 기록하면 지역 서점에서 쓸 수 있는 포인트가 쌓입니다.', date: '2026-01-15',
    content: '2026년 1월, 충청북도의 독서포인트 사업이 문을 열었습니다. 책을 읽고 독서일지를 쓰거나 서평을 남기면 포인트가 쌓이고, 쌓인 포인트로 우리 동네 서점에서 종이책을 살 수 있습니다.\n\n첫 독서일지를 쓰면 200포인트를 드립니다. 오늘 읽은 한 쪽부터 기록해 보세요.' },
  { key: 2, issue: 2, title: '봄, 동네 서점으로 산책 가요', summary: '새로 참여한 서점 다섯 곳과 서점 주인들이 고른 봄 책을 소개합니다.', date: '2026-03-20',
    content: '청주 상당구의 작은 책방부터 충주의 오래된 서점까지, 새로 참여한 서점 다섯 곳을 찾아갔습니다. 서점 주인들이 고른 봄 책 목록과 함께 포인트 사용 방법을 안내합니다.' },
  { key: 3, issue: 3, title: '21일 챌린지 완주자 인터뷰', summary: '퇴근길 20분 독서로 챌린지를 완주한 직장인 회원의 이야기.', date: '2026-05-22',
    content: '“처음에는 하루 한 쪽도 어려웠어요.” 제천에 사는 한 회원은 퇴근길 버스에서 20분씩 읽으며 21일 챌린지를 완주했습니다. 꾸준히 읽는 요령과 추천 도서를 들어 보았습니다.' },
  { key: 4, issue: 4, title: '여름방학, 청소년 서평 쓰기 안내', summary: '200자 서평부터 시작하는 방법과 좋은 서평의 예.', date: '2026-07-17',
    content: '서평은 줄거리 요약이 아니라 나의 생각을 쓰는 글입니다. 인상 깊은 장면 하나, 그 장면이 남긴 질문 하나로 시작해 보세요. 서평 한 편은 500포인트, 한 달에 3편까지 적립됩니다.' },
  { key: 5, issue: 5, title: '독서의 달, 작가와의 만남 일정', summary: '9월 도내 공공도서관에서 열리는 작가와의 만남 여섯 차례.', date: '2026-08-28',
    content: '9월 독서의 달을 맞아 청주, 충주, 제천, 옥천, 진천, 단양에서 작가와의 만남이 열립니다. 행사장에서 안내하는 확인 코드를 입력하면 1,000포인트가 적립됩니다.' },
  { key: 6, issue: 6, title: '연말 포인트 소멸 전에 꼭 확인하세요', summary: '12월 31일에 소멸되는 포인트, 참여 서점에서 알차게 쓰는 법.', date: '2026-11-16',
    content: '올해 적립한 포인트는 12월 31일에 소멸됩니다. 마이페이지에서 소멸 예정 포인트를 확인하고 참여 서점에서 읽고 싶던 책을 만나 보세요. 연말에는 서점이 붐비니 미리 방문하시길 권합니다.' },
];

export const SEED_BOOKSTORES: readonly { key: number; name: string; city: string; town: string | null; address: string; phone: string; hours: string; closed: string }[] = [
  { key: 1, name: '상당문고', city: '43111', town: '43111001', address: '충청북도 청주시 상당구 상당로 55', phone: '043-255-1201', hours: '10:00~21:00', closed: '매월 첫째 월요일' },
  { key: 2, name: '용암책방', city: '43111', town: '43111007', address: '충청북도 청주시 상당구 용암북로 102', phone: '043-294-3310', hours: '10:30~20:00', closed: '일요일' },
  { key: 3, name: '산남서점', city: '43112', town: '43112005', address: '충청북도 청주시 서원구 산남로 71', phone: '043-288-4477', hours: '09:30~21:30', closed: '설·추석 당일' },
  { key: 4, name: '가경문고', city: '43113', town: '43113004', address: '충청북도 청주시 흥덕구 가경로 149', phone: '043-236-0912', hours: '10:00~22:00', closed: '연중무휴' },
  { key: 5, name: '오송책마을', city: '43113', town: '43113009', address: '충청북도 청주시 흥덕구 오송읍 오송생명로 210', phone: '043-238-5521', hours: '10:00~19:00', closed: '월요일' },
  { key: 6, name: '율량동 그림책방', city: '43114', town: '43114004', address: '충청북도 청주시 청원구 율량로 88', phone: '043-213-7745', hours: '11:00~19:00', closed: '월요일, 화요일' },
  { key: 7, name: '오창호수서점', city: '43114', town: '43114007', address: '충청북도 청주시 청원구 오창읍 각리1길 23', phone: '043-217-6630', hours: '10:00~20:00', closed: '일요일' },
  { key: 8, name: '충주중앙서림', city: '43130', town: '43130014', address: '충청북도 충주시 충인6길 12 (성서동)', phone: '043-847-2200', hours: '09:30~21:00', closed: '연중무휴' },
  { key: 9, name: '호암책방', city: '43130', town: '43130020', address: '충청북도 충주시 호암수청2로 45', phone: '043-851-3318', hours: '10:00~19:30', closed: '일요일' },
  { key: 10, name: '의림지서점', city: '43150', town: '43150009', address: '충청북도 제천시 의림대로 233', phone: '043-646-1020', hours: '09:00~21:00', closed: '설·추석 당일' },
  { key: 11, name: '보은문고', city: '43720', town: '43720001', address: '충청북도 보은군 보은읍 삼산로 31', phone: '043-543-2115', hours: '09:00~20:00', closed: '일요일' },
  { key: 12, name: '옥천향수서점', city: '43730', town: '43730001', address: '충청북도 옥천군 옥천읍 중앙로 67', phone: '043-731-4420', hours: '09:30~20:00', closed: '일요일' },
  { key: 13, name: '영동포도책방', city: '43740', town: '43740001', address: '충청북도 영동군 영동읍 계산로 40', phone: '043-744-0303', hours: '10:00~19:00', closed: '월요일' },
  { key: 14, name: '증평책사랑', city: '43745', town: '43745001', address: '충청북도 증평군 증평읍 광장로 25', phone: '043-836-5512', hours: '09:30~20:30', closed: '일요일' },
  { key: 15, name: '진천생거서점', city: '43750', town: '43750001', address: '충청북도 진천군 진천읍 중앙동로 18', phone: '043-533-2840', hours: '09:00~20:00', closed: '일요일' },
  { key: 16, name: '괴산산막이서점', city: '43760', town: '43760001', address: '충청북도 괴산군 괴산읍 임꺽정로 52', phone: '043-832-1177', hours: '09:30~19:00', closed: '일요일' },
  { key: 17, name: '음성문고', city: '43770', town: '43770001', address: '충청북도 음성군 음성읍 중앙로 101', phone: '043-872-6609', hours: '09:00~20:00', closed: '일요일' },
  { key: 18, name: '금왕책방', city: '43770', town: '43770002', address: '충청북도 음성군 금왕읍 무극로 177', phone: '043-878-3036', hours: '10:00~19:00', closed: '월요일' },
  { key: 19, name: '단양강변서점', city: '43800', town: '43800001', address: '충청북도 단양군 단양읍 삼봉로 60', phone: '043-422-0521', hours: '09:30~19:30', closed: '일요일' },
];

export const SEED_EDU_TYPES: readonly { type: string; name: string; description: string; pattern: string; example: string }[] = [
  { type: 'lifelong', name: '평생교육 과정 수료', description: '충청북도평생교육진흥원 또는 시·군 평생학습관의 독서·인문 과정 수료', pattern: '^LE-[0-9]{4}-[0-9]{6}$', example: 'LE-2026-000123' },
  { type: 'reading_hours', name: '독서시간 인증', description: '공공도서관 독서 프로그램 20시간 이상 참여 인증서', pattern: '^RH-[0-9]{4}-[0-9]{6}$', example: 'RH-2026-004512' },
  { type: 'reading_guide', name: '독서지도 과정 수료', description: '도서관 주관 독서지도사·독서동아리 리더 과정 수료', pattern: '^RG-[0-9]{4}-[0-9]{5}$', example: 'RG-2026-01234' },
];

/**
 * Author talks: dated relative to the seeding day (offset in days), codes fixed. Two are
 * held on the seeding day, so a fresh database always has talks to check in to:
 * TALK2026 and MEET2026 are the documented test check-in codes (README, decision 0107).
 */
export const SEED_AUTHOR_TALKS: readonly { key: number; title: string; author: string; venue: string; offsetDays: number; code: string }[] = [
  { key: 1, title: '「불편한 편의점」 김호연 작가와의 만남', author: '김호연', venue: '청주시립도서관 시청각실', offsetDays: -20, code: 'CBK1120' },
  { key: 2, title: '과학 읽는 밤: 김상욱 교수 강연', author: '김상욱', venue: '충주시립도서관 시청각실', offsetDays: 0, code: 'TALK2026' },
  { key: 3, title: '시와 함께하는 저녁: 나태주 시인', author: '나태주', venue: '제천시립도서관 세미나실', offsetDays: 10, code: 'POEM77' },
  { key: 4, title: '「아몬드」 손원평 작가와의 만남', author: '손원평', venue: '청주오창호수도서관 다목적실', offsetDays: 0, code: 'MEET2026' },
  { key: 5, title: '「어린이라는 세계」 김소영 작가와의 만남', author: '김소영', venue: '증평군립도서관 다목적실', offsetDays: 24, code: 'KIDS24' },
];

export const SEED_CLUBS: readonly { key: number; name: string; leader: number; capacity: number; city: string; schedule: string; description: string; members: number[] }[] = [
  { key: 1, name: '상당 책수다', leader: 1, capacity: 12, city: '43111', schedule: '매월 둘째·넷째 토요일 오전 10시, 상당도서관', description: '소설과 에세이를 한 달에 두 권 함께 읽고 이야기 나누는 동네 모임입니다.', members: [1, 101, 115, 129, 143] },
  { key: 2, name: '오송 과학책 읽기', leader: 103, capacity: 10, city: '43113', schedule: '매월 첫째 목요일 저녁 7시 30분, 오송도서관', description: '교양 과학책을 천천히 읽고 궁금한 점을 함께 찾아보는 모임입니다.', members: [103, 117, 131, 1] },
  { key: 3, name: '충주 고전 함께 읽기', leader: 105, capacity: 8, city: '43130', schedule: '격주 수요일 저녁 7시, 충주시립도서관', description: '세계 고전 문학을 한 권씩 완독하는 모임입니다.', members: [105, 119, 133, 147] },
  { key: 4, name: '제천 그림책 모임', leader: 106, capacity: 6, city: '43150', schedule: '매월 셋째 토요일 오후 2시, 제천시립도서관', description: '부모와 아이가 함께 그림책을 읽고 이야기를 나눕니다.', members: [106, 120, 134, 148, 102, 116] },
  { key: 5, name: '진천 청소년 서평단', leader: 111, capacity: 15, city: '43750', schedule: '매주 금요일 오후 5시, 진천군립도서관', description: '청소년이 서평을 쓰고 서로 읽어 주는 모임입니다.', members: [111, 125, 139] },
];
