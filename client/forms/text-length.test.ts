import { describe, expect, it } from 'vitest';
import { charCount, diaryLengthProblem, normaliseText, reviewLengthProblem } from './text-length.ts';

describe('characters as the API counts them', () => {
  it('counts code points of the trimmed NFC text', () => {
    expect(charCount('한강')).toBe(2);
    // 한 typed as three jamo (NFD) is one character once composed.
    expect(charCount('\u1112\u1161\u11ab')).toBe(1);
    // An emoji outside the BMP is two UTF-16 units but one character.
    expect(charCount('📚')).toBe(1);
    expect('📚'.length).toBe(2);
    expect(charCount('  책 \n')).toBe(1);
    expect(normaliseText(' \u1112\u1161\u11ab ')).toBe('한');
  });

  it('refuses a review under 200 or over 1,000 characters, with docs/product.md (Messages)\'s text', () => {
    expect(reviewLengthProblem('가'.repeat(199))).toBe('서평은 200자 이상 입력해 주세요.');
    expect(reviewLengthProblem('가'.repeat(200))).toBeNull();
    expect(reviewLengthProblem('가'.repeat(1000))).toBeNull();
    expect(reviewLengthProblem('가'.repeat(1001))).toBe('서평은 1,000자까지 입력할 수 있어요.');
    // Blanks around the text are not sent, so they do not count.
    expect(reviewLengthProblem(`${'가'.repeat(199)}   `)).toBe('서평은 200자 이상 입력해 주세요.');
    // 200 composed characters typed as jamo are 200, not 600.
    expect(reviewLengthProblem('\u1112\u1161\u11ab'.repeat(200))).toBeNull();
    expect(reviewLengthProblem('📚'.repeat(1000))).toBeNull();
  });

  it('a diary entry up to 200 characters', () => {
    expect(diaryLengthProblem('가'.repeat(200))).toBeNull();
    expect(diaryLengthProblem('가'.repeat(201))).toBe('독서일지는 200자까지 입력할 수 있어요.');
  });
});
