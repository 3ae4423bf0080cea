/** The diary page's own text. */
import { DIARY_MAX_CHARS } from '#shared/contract/programme.ts';

export const diaryPageText = {
  choose: '독서일지를 쓸 책을 골라 주세요',
  chooseHint: '오늘 읽은 책을 찾아 고르면 독서일지를 쓸 수 있어요.',
  form: '오늘의 독서일지',
  content: '독서일지',
  contentHint: `오늘 읽은 내용과 느낀 점을 ${DIARY_MAX_CHARS}자까지 적어 주세요. 하루 한 번 적립돼요.`,
  pages: '읽은 쪽수',
  pagesHint: '선택: 오늘 읽은 쪽수',
  pagesInvalid: '읽은 쪽수는 1부터 10,000까지의 숫자로 입력해 주세요.',
  submit: '일지 저장',
  viewDiaries: '나의 독서일지 보기',
} as const;
