/**
 * Korean messages the reference homepage API answers with (`msg`, shown to members as
 * is). Kept apart from shared/messages.ts so the browser bundle does not carry them (only
 * the point statement's chunk takes `activityNames`). Polite and short; requests end in
 * "-해 주세요"; particles come from es-hangul's josa for the word they follow.
 */
import { josa } from 'es-hangul';
import type { ActivityType } from './contract/points.ts';
import { formatNumber as n } from './format-number.ts';

/** Names of fields as members know them, for validation messages. */
export const apiFieldLabels: Readonly<Record<string, string>> = {
  user_id: '아이디',
  user_pass: '비밀번호',
  refresh_token: '로그인 정보',
  current_password: '현재 비밀번호',
  agree_yn: '약관 동의',
  notice_yn: '알림 수신 동의',
  phone: '휴대전화 번호',
  email: '이메일',
  province_code: '시·도',
  city_code: '시·군·구',
  town_code: '읍·면·동',
  isbn: 'ISBN',
  content: '내용',
  title: '제목',
  rating: '평점',
  read_pages: '읽은 쪽수',
  loan_no: '대출 번호',
  library_name: '도서관 이름',
  library_code: '도서관',
  activity_type: '활동 종류',
  entry_type: '내역 종류',
  age_group: '연령대',
  period: '기간',
  loan_date: '대출일',
  bookstore_key: '서점',
  receipt_no: '영수증 번호',
  purchase_date: '구매일',
  amount: '구매 금액',
  book_title: '도서명',
  book_format: '도서 형태',
  check_in_code: '확인 코드',
  edu_type: '인증 종류',
  certificate_no: '수료증 번호',
  course_name: '과정명',
  completed_on: '수료일',
  held_on: '모임 날짜',
  topic: '모임 주제',
  attendees: '참석자',
  activity_key: '활동 번호',
  reason: '사유',
  suspend_days: '적립 정지 기간',
  query: '검색어',
  page: '페이지',
  size: '페이지 크기',
  from: '조회 시작일',
  to: '조회 종료일',
  month: '조회 월',
  content_type: '콘텐츠 종류',
  keep: '로그인 상태 유지',
  fcm_token: '알림 구독 정보',
  endpoint: '알림 구독 정보',
  p256dh: '알림 구독 정보',
  auth: '알림 구독 정보',
  expirationTime: '알림 구독 정보',
  reminder_hour: '알림 시각',
  reminders: '받을 알림',
  challenge: '챌린지 출석 알림',
  points_expiring: '포인트 소멸 알림',
  club_meeting: '동아리 모임 알림',
  notification_permission: '알림 권한',
  goal_books: '목표 권수',
  next_meeting_on: '다음 모임 날짜',
};

/** Activity names as members know them (point list, counts, messages, my page's statement). */
export const activityNames = {
  diary: '독서일지',
  review: '서평',
  loan: '도서 대출',
  purchase: '종이책 구매',
  bookclub: '독서동아리 모임',
  authortalk: '작가와의 만남',
  edu: '교육 인증',
  checkin: '챌린지 출석',
  challenge: '21일 챌린지 완주',
} as const satisfies Record<ActivityType, string>;

/** FAQ categories as members know them. */
export const faqCategoryNames = {
  member: '회원',
  point: '포인트',
  activity: '독서활동',
  challenge: '21일 챌린지',
  bookstore: '서점·사용',
} as const;

export const apiMessages = {
  auth: {
    invalid: '아이디 또는 비밀번호가 올바르지 않습니다.',
    expired: '회원정보가 만료되었습니다.',
    dormant: '휴면 상태의 회원입니다. 도서관 누리집이나 가까운 도서관에서 휴면 해제를 신청해 주세요.',
    sessionEnded: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    tokenExpired: '로그인 유효 시간이 지났습니다. 잠시 후 다시 시도해 주세요.',
    forbidden: '이 기능을 사용할 권한이 없습니다.',
    ssoInvalid: '통합 로그인 정보가 올바르지 않습니다. 다시 로그인해 주세요.',
  },
  joincheck: {
    mismatch: '로그인한 회원 정보와 일치하지 않습니다. 다시 로그인해 주세요.',
    withdrawn: '탈퇴한 회원입니다.',
    dormant: '휴면 상태의 회원입니다. 휴면 해제 후 이용해 주세요.',
    expired: '회원정보가 만료되었습니다. 회원 자격을 갱신해 주세요.',
  },
  user: {
    currentPasswordRequired: '회원정보를 변경하려면 현재 비밀번호를 입력해 주세요.',
    currentPasswordWrong: '현재 비밀번호가 올바르지 않습니다.',
    agreeRequired: '필수 약관에 동의해 주세요.',
    regionInvalid: '거주 지역을 다시 선택해 주세요.',
    nothingToChange: '변경할 내용을 입력해 주세요.',
    phoneInvalid: '휴대전화 번호를 010-1234-5678 형식으로 입력해 주세요.',
  },
  validation: {
    required: (label: string) => `${josa(label, '을/를')} 입력해 주세요.`,
    tooLong: (label: string, max: number) => `${josa(label, '은/는')} ${n(max)}자 이내로 입력해 주세요.`,
    tooShort: (label: string, min: number) => `${josa(label, '은/는')} ${n(min)}자 이상 입력해 주세요.`,
    invalid: (label: string) => `${josa(label, '을/를')} 다시 확인해 주세요.`,
    general: '요청 내용을 다시 확인해 주세요.',
    /** A write another request made first (a unique constraint said so): nothing was recorded. */
    alreadyRecorded: '이미 기록된 내용입니다. 목록을 새로 고쳐 확인해 주세요.',
    unknownField: (name: string) => `알 수 없는 항목(${name})이 있습니다. 요청 내용을 다시 확인해 주세요.`,
    pathTooLong: '요청 주소가 너무 깁니다. 주소를 다시 확인해 주세요.',
    methodNotAllowed: '이 주소에서 지원하지 않는 요청 방식입니다.',
    periodInvalid: '조회 기간을 다시 확인해 주세요.',
  },
  points: {
    awarded: (points: number) => `${n(points)}포인트가 적립되었습니다.`,
    firstDiary: (points: number) => `첫 독서일지를 축하합니다! ${n(points)}포인트가 적립되었습니다.`,
    activityLimit: (label: string, limit: number) =>
      `이번 달 ${label} 적립 횟수(${n(limit)}회)를 모두 채워 포인트 없이 기록되었습니다.`,
    dailyLimit: (label: string) => `${josa(label, '은/는')} 하루에 한 번만 적립되어 포인트 없이 기록되었습니다.`,
    monthlyCap: (cap: number) => `이번 달 적립 한도(${n(cap)}포인트)를 넘어 포인트 없이 기록되었습니다.`,
    yearlyCap: (cap: number) => `올해 적립 한도(${n(cap)}포인트)를 넘어 포인트 없이 기록되었습니다.`,
    suspended: (until: string) => `포인트 적립이 ${until}까지 정지되어 포인트 없이 기록되었습니다.`,
    noPoints: '포인트 없이 기록되었습니다.',
  },
  activity: {
    bookNotFound: '도서 정보를 찾을 수 없습니다. ISBN을 다시 확인해 주세요.',
    typeUnknown: '인증 종류를 다시 확인해 주세요.',
    futureDate: '오늘 이후의 날짜는 입력할 수 없습니다.',
    loanDuplicate: '이미 인증한 대출 기록입니다.',
    purchaseDuplicate: '이미 인증한 영수증입니다.',
    purchaseNotThisMonth: '이번 달에 구매한 영수증만 인증할 수 있습니다.',
    purchaseEbook: '전자책은 구매 인증 대상이 아닙니다. 종이책 영수증을 올려 주세요.',
    bookstoreUnknown: '참여 서점이 아닙니다. 참여 서점 안내에서 서점을 확인해 주세요.',
    talkCodeWrong: '확인 코드가 올바르지 않습니다. 행사장에서 안내한 코드를 입력해 주세요.',
    talkNotToday: '작가와의 만남 당일에만 참석을 인증할 수 있습니다.',
    talkDuplicate: '이미 참석을 인증한 행사입니다.',
    eduTypeUnknown: '교육 인증 종류를 다시 확인해 주세요.',
    eduNumberInvalid: (example: string) => `수료증 번호 형식을 확인해 주세요. (예: ${example})`,
    eduDuplicate: '이미 인증된 수료증 번호입니다.',
    eduNotThisYear: '올해 수료한 과정만 인증할 수 있습니다.',
    notFound: '요청하신 활동을 찾을 수 없습니다.',
    loanNotThisMonth: '이번 달 대출 기록만 인증할 수 있습니다.',
    libraryUnknown: '대출한 도서관을 목록에서 다시 선택해 주세요.',
    agreeRequired: '약관에 동의한 뒤 이용할 수 있습니다. 약관 동의를 먼저 해 주세요.',
    diaryTooLong: (max: number) => `독서일지는 ${n(max)}자 이내로 입력해 주세요.`,
    reviewLength: (min: number, max: number) => `서평은 ${n(min)}자 이상 ${n(max)}자 이내로 입력해 주세요.`,
    diaryRepeat: '오늘 이 책에 같은 내용의 독서일지를 이미 기록했습니다. 새로운 내용으로 입력해 주세요.',
    reviewExists: '이 책의 서평을 이미 썼습니다. 서평은 책마다 하나만 쓸 수 있으니 나의 서평에서 기존 서평을 수정해 주세요.',
    reviewNotFound: '요청하신 서평을 찾을 수 없습니다.',
    reviewUpdated: '서평을 수정했습니다.',
    tooManyWrites: (perMinute: number) => `활동 기록은 1분에 ${n(perMinute)}번까지 할 수 있습니다. 잠시 후 다시 시도해 주세요.`,
    meetingNotThisMonth: '이번 달에 열린 모임만 기록할 수 있습니다.',
    checkinDetail: (day: number) => `${n(day)}일째 출석`,
    challengeDetail: (days: number) => `${n(days)}일 챌린지 완주`,
  },
  challenge: {
    alreadyActive: '진행 중인 21일 챌린지가 있습니다. 오늘의 출석을 인증해 주세요.',
    notActive: '진행 중인 챌린지가 없습니다. 챌린지를 새로 시작해 주세요.',
    alreadyCheckedIn: '오늘은 이미 출석했습니다. 내일 다시 참여해 주세요.',
    missedDay: '하루를 놓쳐 진행 중이던 챌린지가 종료되었습니다. 챌린지를 새로 시작해 주세요.',
    checkedIn: (day: number, points: number) => `${n(day)}일째 출석했습니다. ${n(points)}포인트가 적립되었습니다.`,
    completed: (days: number, bonus: number) => `${n(days)}일 챌린지를 완주했습니다! 완주 포인트 ${n(bonus)}포인트가 적립되었습니다.`,
  },
  bookclub: {
    notFound: '독서동아리를 찾을 수 없습니다.',
    full: '모집 인원이 모두 찼습니다.',
    alreadyMember: '이미 가입한 독서동아리입니다.',
    notMember: '가입하지 않은 독서동아리입니다.',
    leaderCannotLeave: '동아리 회장은 탈퇴할 수 없습니다. 회장을 넘긴 뒤 탈퇴해 주세요.',
    leaderOnly: '동아리 회장만 모임을 기록할 수 있습니다.',
    tooFewMembers: '회원이 2명 이상인 동아리만 모임을 기록할 수 있습니다.',
    attendeeNotMember: (name: string) => `${josa(name, '은/는')} 이 동아리 회원이 아닙니다.`,
    attendeeUnknown: '참석자의 회원번호를 다시 확인해 주세요.',
    meetingDuplicate: '같은 날짜의 모임이 이미 기록되어 있습니다.',
    joined: '독서동아리에 가입했습니다.',
    left: '독서동아리에서 탈퇴했습니다.',
    meetingRecorded: (count: number) => `모임을 기록했습니다. 참석자 ${n(count)}명에게 포인트를 적립했습니다.`,
  },
  ledger: {
    spend: (store: string) => `${store}에서 도서 구매`,
    expire: (year: string) => `${year}년 사업 종료에 따른 포인트 소멸`,
    penalty: (reason: string) => `포인트 회수: ${reason}`,
  },
  admin: {
    alreadyPenalised: '이미 회수 처리된 활동입니다.',
    penaltyRecorded: '포인트를 회수했습니다.',
    memberNotFound: '회원을 찾을 수 없습니다.',
  },
  content: {
    notFound: '요청하신 내용을 찾을 수 없습니다.',
    noticeNotFound: '요청하신 공지사항을 찾을 수 없습니다.',
  },
  code: {
    loginRedirectName: '로그인 이동 주소',
    notFound: '요청하신 코드를 찾을 수 없습니다.',
    regionNotFound: '지역 코드를 찾을 수 없습니다.',
    regionUnknown: '지역을 목록에서 다시 선택해 주세요.',
  },
  book: {
    notFound: '도서 정보를 찾을 수 없습니다.',
  },
  push: {
    disabled: '알림 기능을 사용할 수 없습니다.',
    subscriptionInvalid: '알림 구독 정보가 올바르지 않습니다. 알림을 다시 켜 주세요.',
    turnedOn: (hour: number) => `알림을 켰습니다. 챌린지 출석 알림은 매일 ${hour}시에 보내 드립니다.`,
    turnedOff: '알림을 껐습니다.',
    /** The reminders themselves: { title, body } of the notification. */
    challenge: {
      title: '21일 챌린지 출석',
      body: (dayNo: number) => `오늘 ${n(dayNo)}일째 출석을 아직 하지 않았습니다. 자정 전에 출석을 인증해 주세요.`,
    },
    pointsExpiring: {
      title: '포인트 소멸 안내',
      body: (points: number) =>
        `보유한 ${n(points)}포인트는 12월 31일이 지나면 소멸됩니다. 참여 서점에서 종이책을 사는 데 사용해 주세요.`,
    },
    clubMeeting: {
      title: '독서동아리 모임 안내',
      body: (club: string, others: number) =>
        others > 0
          ? `내일 ${club} 외 ${n(others)}개 동아리의 모임이 있습니다. 모임 일정을 확인해 주세요.`
          : `내일 ${club} 모임이 있습니다. 모임 일정을 확인해 주세요.`,
    },
  },
  /** A write's Idempotency-Key (decision 0141): members meet these only when a retry goes wrong. */
  idempotency: {
    keyInvalid: '요청 식별 키(Idempotency-Key)의 형식이 올바르지 않습니다.',
    keyReused: '같은 요청 식별 키로 다른 내용이 이미 처리되었습니다. 화면을 새로 고쳐 확인해 주세요.',
    inProgress: '앞서 보낸 같은 요청을 아직 처리하고 있습니다. 잠시 후 다시 확인해 주세요.',
  },
  goal: {
    saved: (books: number) => `올해 목표를 ${n(books)}권으로 정했습니다.`,
  },
  clubSchedule: {
    leaderOnly: '동아리 회장만 다음 모임 날짜를 정할 수 있습니다.',
    outOfRange: (days: number) => `다음 모임 날짜는 오늘부터 ${n(days)}일 안에서 골라 주세요.`,
    set: (month: number, day: number) => `다음 모임 날짜를 ${month}월 ${day}일로 정했습니다.`,
    cleared: '다음 모임 날짜를 지웠습니다.',
  },
} as const;
