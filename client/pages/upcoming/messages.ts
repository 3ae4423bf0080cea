/** The "service coming" page's text (docs/product.md (Messages): upcoming.title). */
export const upcomingText = {
  title: '서비스 준비 중입니다.',
  body: '더 나은 서비스로 찾아뵙기 위해 준비하고 있습니다. 서비스가 열리면 공지사항으로 알려 드리겠습니다.',
} as const;
