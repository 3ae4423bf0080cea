/** The reading diary form's text. */
export const diaryText = {
  start: '독서일지 쓰기',
  label: '오늘 읽은 내용과 느낀 점',
  hint: '하루 한 번 적립됩니다.',
  submit: '일지 저장',
  empty: '독서일지 내용을 입력해 주세요.',
} as const;
