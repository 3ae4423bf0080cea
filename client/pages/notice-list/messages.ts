/** The notice list page's own text. */
export const noticeListText = {
  lead: '독서포인트 사업 운영과 행사, 시스템 점검 소식을 알려 드립니다.',
  /** "전체 12건 · 1쪽" */
  total: '전체',
  count: '건',
  page: '쪽',
  pages: '공지사항 페이지',
} as const;
