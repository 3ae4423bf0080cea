import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, isLargeText, parseColor, spacedEnough, splitsWord } from './layout-rules.ts';

describe('colours and contrast', () => {
  it('reads the colours the engines compute', () => {
    expect(parseColor('rgb(255, 255, 255)')).toEqual([255, 255, 255, 1]);
    expect(parseColor('rgba(0, 0, 0, 0.5)')).toEqual([0, 0, 0, 0.5]);
    expect(parseColor('rgb(0 0 0 / 50%)')).toEqual([0, 0, 0, 0.5]);
    expect(parseColor('color(srgb 1 0 0 / 0.25)')).toEqual([255, 0, 0, 0.25]);
    expect(parseColor('transparent')).toEqual([0, 0, 0, 0]);
    expect(parseColor('oklch(0.5 0.1 200)')).toBeNull();
  });
  it('gives WCAG ratios', () => {
    expect(contrastRatio([0, 0, 0, 1], [255, 255, 255, 1])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255, 1], [255, 255, 255, 1])).toBe(1);
    // #767676 on white: the classic 4.54:1.
    expect(contrastRatio([0x76, 0x76, 0x76, 1], [255, 255, 255, 1])).toBeCloseTo(4.54, 2);
    expect(contrastRatio([0x77, 0x77, 0x77, 1], [255, 255, 255, 1])).toBeLessThan(4.5);
  });
  it('paints a translucent colour over what is below', () => {
    expect(composite([0, 0, 0, 0.5], [255, 255, 255, 1])).toEqual([127.5, 127.5, 127.5, 1]);
    expect(composite([0, 0, 0, 0], [10, 20, 30, 1])).toEqual([10, 20, 30, 1]);
  });
  it('knows large text', () => {
    expect(isLargeText(24, 400)).toBe(true);
    expect(isLargeText(19, 700)).toBe(true);
    expect(isLargeText(19, 500)).toBe(false);
    expect(isLargeText(16, 700)).toBe(false);
  });
});

describe('words and numbers broken across lines', () => {
  const cases: [string, string, boolean][] = [
    ['작', '별', true],
    ['내', '용', true],
    ['1,00', '0', true],
    ['1,', '000', true],
    ['1', ',000', true],
    ['1,219', 'P', true],
    ['21', '일', true],
    ['30', '%', true],
    ['독서 ', '동아리', false],
    ['독서', ' 동아리', false],
    ['https://exam', 'ple', false],
    ['모임,', ' 챌린지', false],
    ['R-', '20261121', false],
    ['', '가', false],
    // A date, a masked name and an e-mail address are one thing each.
    ['오늘의 출석 · 2026. 11. ', '29.', true],
    ['2026. ', '11. 29.', true],
    ['2026. 11. 29. ', '~ 2026. 12. 19.', false],
    ['기간 ', '2026. 11. 29.', false],
    ['송*', '연', true],
    ['송', '*연', true],
    ['김*', '*', true],
    ['3 * ', '4', false],
    ['reading@', 'cbe.go.kr', true],
    ['reading@cbe.', 'go.kr', true],
    ['read', 'ing@cbe.go.kr (수신 전용)', true],
    ['reading@cbe.go.kr ', '(수신 전용)', false],
    ['reading', '@cbe.go.kr', false],
    ['메일 ', 'reading@cbe.go.kr', false],
  ];
  for (const [before, after, broken] of cases) {
    it(`"${before}" | "${after}" ${broken ? 'splits' : 'does not split'}`, () => expect(splitsWord(before, after)).toBe(broken));
  }
});

describe('the spacing exception of SC 2.5.8', () => {
  const box = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });
  it('a small target alone is spaced enough', () => expect(spacedEnough(box(0, 0, 20, 20), [])).toBe(true));
  it('a small target beside another within 24 px is not', () => expect(spacedEnough(box(0, 0, 20, 20), [{ box: box(22, 0, 20, 20), small: true }])).toBe(false));
  it('a small target 24 px from another is', () => expect(spacedEnough(box(0, 0, 20, 20), [{ box: box(24, 0, 20, 20), small: true }])).toBe(true));
  it('a large target within 12 px of the centre is too close', () => expect(spacedEnough(box(0, 0, 20, 20), [{ box: box(21, 0, 40, 40), small: false }])).toBe(false));
  it('a large target 12 px from the centre is not', () => expect(spacedEnough(box(0, 0, 20, 20), [{ box: box(22, 0, 40, 40), small: false }])).toBe(true));
});
