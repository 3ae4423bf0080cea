/** 화면 설정's text (loaded with the settings form, not with every page). */
import type { Contrast, TextSize } from '#shared/display.ts';

export const displayText = {
  contrast: '화면 대비',
  size: '글자 크기',
  contrasts: { default: '기본', 'high-contrast': '고대비' } satisfies Record<Contrast, string>,
  sizes: { normal: '보통', large: '크게', xlarge: '아주 크게' } satisfies Record<TextSize, string>,
  /** The letter the contrast swatches are drawn with. */
  sample: '가',
  apply: '적용',
  applied: '화면 설정을 적용했습니다.',
  close: '닫기',
  intro: '화면 대비와 글자 크기를 고르고 적용을 눌러 주세요. 이 브라우저에서 1년 동안 기억합니다.',
  back: '보던 페이지로 돌아가기',
} as const;
