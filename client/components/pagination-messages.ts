/** The page links' text (beside the component, so it travels with it into the lists' chunks). */
export const paginationText = {
  prev: '이전',
  next: '다음',
  /** Read by screen readers after 이전/다음 and before a number. */
  page: '페이지',
  currentPage: '현재 페이지',
} as const;
