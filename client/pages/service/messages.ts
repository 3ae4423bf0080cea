/** The service guide page's own text (its other links are the pages' titles). */
export const serviceText = {
  bookstores: '참여 서점 찾기',
} as const;
