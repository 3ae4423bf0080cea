/** The terms agreement page's own text. */
export const agreeText = {
  intro: '독서포인트 서비스를 이용하려면 아래 약관을 읽고 동의해 주세요.',
  all: '전체 동의',
  terms: '이용약관',
  privacy: '개인정보 수집·이용',
  consent: (label: string) => `${label}에 동의합니다.`,
  noticeHint: '새 공지, 행사, 챌린지 소식을 알림으로 받습니다.',
  required: '필수',
  optional: '선택',
  submit: '동의하고 계속하기',
  cancel: '동의하지 않고 로그아웃',
  done: '약관에 동의했습니다.',
} as const;
