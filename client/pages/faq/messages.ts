/** The FAQ page's own text. */
export const faqText = {
  lead: '독서포인트 적립과 사용, 회원정보, 챌린지와 동아리에 대해 자주 묻는 질문을 모았습니다.',
  categories: '질문 분류',
  all: '전체',
  none: '등록된 질문이 없습니다.',
  /** Read by screen readers before the question and the answer. */
  question: '질문: ',
  answer: '답변: ',
} as const;
