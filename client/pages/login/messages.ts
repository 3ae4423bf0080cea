/** The login screen's own text (docs/product.md (Messages): login.*). */
export const loginText = {
  id: '아이디',
  password: '비밀번호',
  keep: '로그인 상태 유지',
  submit: '로그인',
  signup: '회원가입',
  test: '테스트 로그인',
  title: '로그인',
  intro: '도서관 회원 아이디로 로그인해 주세요.',
  signupHint: '아직 회원이 아니신가요?',
} as const;
