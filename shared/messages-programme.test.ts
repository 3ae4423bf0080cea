import { describe, expect, it } from 'vitest';
import { earnDone, earnNone, earnSentenceOf, monthCount, pointsRule, programmeLabels, reviewCounter } from './messages-programme.ts';

describe('member activity messages (docs/product.md (Messages))', () => {
  it('labels exactly as the spec has them', () => {
    expect(programmeLabels).toMatchObject({
      diary: '독서일지 쓰기',
      review: '서평 쓰기',
      loan: '대출 인증',
      purchase: '구매 인증',
      authorTalk: '작가와의 만남 인증',
      meeting: '모임 기록',
      diaries: '나의 독서일지',
      reviews: '나의 서평',
      pointHistory: '포인트 내역',
      card: '회원증',
    });
  });

  it('earn.done, earn.none and the counter', () => {
    expect(earnDone(500)).toBe('500P가 적립되었어요.');
    expect(earnDone(2000)).toBe('2,000P가 적립되었어요.');
    expect(earnNone('이번 달 서평 적립 횟수(3회)를 모두 채워 포인트 없이 기록되었습니다.')).toBe(
      '이번 활동은 적립되지 않았어요. 이번 달 서평 적립 횟수(3회)를 모두 채워 포인트 없이 기록되었습니다.',
    );
    expect(earnSentenceOf(0, '사유')).toBe('이번 활동은 적립되지 않았어요. 사유');
    expect(earnSentenceOf(1000, '무시')).toBe('1,000P가 적립되었어요.');
    expect(reviewCounter(1000)).toBe('1,000/1,000자');
    expect(monthCount(1, 2)).toBe('이번 달 1/2회 적립');
    expect(monthCount(5, null)).toBe('이번 달 5회 적립');
    expect(pointsRule(1000, 2)).toBe('1,000P · 월 2회');
    expect(pointsRule('500P', null)).toBe('500P');
  });
});
