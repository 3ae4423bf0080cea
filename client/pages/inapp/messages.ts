/** The in-app browser guide's own text (docs/product.md (Messages): inapp.title). */
export const inappText = {
  title: '외부 브라우저에서 열어 주세요',
  body: '메신저나 SNS 앱 안의 브라우저에서는 로그인과 일부 기능이 제대로 동작하지 않을 수 있습니다. 휴대전화의 기본 브라우저(Chrome, Safari, 삼성 인터넷 등)에서 열어 주세요.',
  open: '외부 브라우저로 열기',
  copy: '주소 복사',
  copied: '주소를 복사했습니다. 외부 브라우저의 주소창에 붙여 넣어 주세요.',
  iosHint: '아이폰에서는 화면 오른쪽 아래의 메뉴(⋯)를 누른 뒤 「Safari로 열기」를 선택해 주세요.',
  continue: '이 브라우저에서 계속 이용하기',
} as const;
