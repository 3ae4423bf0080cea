/** The review page's own text. */
import { REVIEW_MAX_CHARS, REVIEW_MIN_CHARS } from '#shared/contract/programme.ts';
import { formatNumber } from '#shared/format-number.ts';

export const reviewText = {
  choose: '서평을 쓸 책을 골라 주세요',
  chooseHint: '책 제목이나 지은이로 찾아 고르면 서평을 쓸 수 있어요. 책 정보 화면의 ‘서평 쓰기’로도 올 수 있어요.',
  form: '서평 내용',
  title: '제목',
  rating: '별점',
  ratingOption: (n: number) => `${n}점`,
  content: '서평',
  hint: `${REVIEW_MIN_CHARS}자 이상 ${formatNumber(REVIEW_MAX_CHARS)}자까지 쓸 수 있어요. 책의 내용과 느낀 점을 자유롭게 적어 주세요.`,
  submit: '서평 등록',
  editForm: '서평 고치기',
  editNote: '이 책의 서평을 이미 썼어요. 서평은 책마다 하나라서, 여기서 고쳐 쓸 수 있어요. 고쳐도 받은 포인트는 그대로예요.',
  editSubmit: '고친 서평 저장',
  edit: '고치기',
  viewReviews: '나의 서평 보기',
} as const;
