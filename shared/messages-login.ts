/**
 * Sign-in's messages (docs/product.md (Messages)): the login page, the guard's agreement dialog and the
 * server's sign-in answer. Not in messages.ts: every page downloads that file, and these are
 * needed only where someone signs in (decision 0120).
 */
export const loginMessages = {
  idRequired: '아이디를 입력해 주세요.',
  passwordRequired: '비밀번호를 입력해 주세요.',
  expired: '회원정보가 만료되었습니다.',
  agreeRequired: '서비스 이용을 위해 약관 동의가 필요합니다. 약관 동의 페이지로 이동하시겠습니까?',
  /** Said on the page a sign-in leads to (decision 0143). */
  signedIn: (name: string) => `${name}님, 로그인했습니다.`,
};
