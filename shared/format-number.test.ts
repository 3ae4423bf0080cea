/** The one number format: Korean grouping, the same on server and browser. */
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number.ts';
import { apiMessages } from './messages-api.ts';
import { earnDone } from './messages-programme.ts';

describe('formatNumber', () => {
  it('groups thousands as members read them', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(-1234567)).toBe('-1,234,567');
  });
  it('is what the API messages and the programme messages use', () => {
    expect(apiMessages.points.awarded(12000)).toBe('12,000포인트가 적립되었습니다.');
    expect(earnDone(1500)).toBe('1,500P가 적립되었어요.');
  });
});
