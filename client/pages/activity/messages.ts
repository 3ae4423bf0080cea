/** My activity's own text. */
export const activityText = {
  earn: '포인트 적립하기',
  earnLead: '읽고, 쓰고, 빌리고, 사고, 만나면 포인트가 쌓여요. 적립 횟수는 매달 1일에 다시 시작돼요.',
  records: '나의 독서 기록',
  recordsHint: '독서일지, 서평, 인증 내역을 모두 볼 수 있어요.',
  meetingHint: '동아리 회장이 모임 참석을 기록하면 참석자에게 적립돼요.',
  full: '이번 달 적립 완료',
  statistics: '독서 통계',
} as const;
