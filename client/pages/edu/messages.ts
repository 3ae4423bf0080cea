/** The education certification page's own text. */
export const eduText = {
  lead: '평생교육 강좌 수료, 독서 교육 이수 등을 인증하면 확인 후 포인트가 적립됩니다.',
  request: '교육 인증 신청',
  monthCount: (count: number, limit: number | null) => `이번 달 ${count}회 적립${limit !== null ? ` (월 ${limit}회까지)` : ''}`,
  type: '인증 종류',
  course: '과정명',
  certificate: '수료증 번호',
  example: (example: string) => `예: ${example}`,
  completedOn: '수료일',
  completedOnHint: '올해 수료한 교육만 인증할 수 있어요.',
  submit: '인증 신청',
  requests: '나의 인증 내역',
  none: '아직 인증한 교육이 없습니다.',
} as const;
