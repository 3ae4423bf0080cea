/** The notice page's own text. */
export const noticeText = {
  registered: '등록일',
  views: '조회',
  toList: '목록으로',
} as const;
