/** The member information page's own text. */
export const informationText = {
  title: '정보 수정',
  submit: '저장',
  saved: '회원정보를 수정했습니다.',
  passwordHint: '회원정보를 바꾸려면 현재 비밀번호를 한 번 더 입력해 주세요.',
} as const;
