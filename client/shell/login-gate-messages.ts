/** The login gate's text (shown to visitors on member pages; loaded with the gate). */
export const gateText = {
  loginTitle: '로그인이 필요한 서비스입니다.',
  loginBody: '도서관 회원으로 로그인하면 이용할 수 있어요. 로그인 후 보시던 화면으로 돌아옵니다.',
  agreeTitle: '약관 동의가 필요합니다.',
  agreeBody: '독서포인트 서비스 이용약관과 개인정보 수집·이용에 동의하면 이용할 수 있어요.',
  agreeAction: '약관 동의하러 가기',
} as const;
