/** The newsletter page's own text. */
export const newsletterText = {
  lead: '매달 새로 나온 책과 독서동아리 소식, 서점 이야기를 담아 보내 드리는 뉴스레터입니다.',
  issueNo: (no: number) => `제${no}호`,
  publishedOn: '발행일',
  issues: '지난 호 보기',
  none: '발행된 뉴스레터가 없습니다.',
  pages: '뉴스레터 페이지',
} as const;
