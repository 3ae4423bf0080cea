/** The test single sign-on page's own text. */
export const ssoText = {
  title: '테스트 통합 로그인',
  lead: '테스트 회원으로 로그인하는 개발·검증용 화면입니다. 로그인에 실패했다면 로그인 화면에서 다시 시도해 주세요.',
  toLogin: '로그인 화면으로',
} as const;
