import { describe, expect, it } from 'vitest';
import { earnAnswerResult } from './earn-action.ts';
import { initial, keptValues, type FormResult } from './form-result.tsx';

const success = {
  result: 'success' as const,
  activity_key: 42,
  activity_type: 'review' as const,
  points: 0,
  point_reason: 'activity_limit' as const,
  msg: '이번 달 서평 적립 횟수(3회)를 모두 채워 포인트 없이 기록되었습니다.',
  balance: 1200,
  monthly_limit: 3,
  earned_count_month: 3,
};

describe('an earning write\'s action', () => {
  it('keeps only the named text fields of a refused form', () => {
    const form = new FormData();
    form.append('title', '오월');
    form.append('content', '본문');
    form.append('password', 'never');
    expect(keptValues(form, ['title', 'content', 'rating'])).toEqual({ title: '오월', content: '본문' });
  });

  it('a refusal comes back with the API\'s message, the field to focus and the values (400)', () => {
    const refused = earnAnswerResult(undefined, { result: 'error', msg: '이미 인증한 영수증입니다.' }, { field: 'receipt_no', values: { receipt_no: 'R-1' } });
    expect('init' in refused && refused.init?.status).toBe(400);
    const result = 'data' in refused ? refused.data : refused;
    expect(result).toEqual({ ok: false, by: 'browser', message: '이미 인증한 영수증입니다.', field: 'receipt_no', values: { receipt_no: 'R-1' } });
    expect(initial(result, 'receipt_no')).toBe('R-1');
    expect(initial(result, 'amount', '0')).toBe('0');
  });

  it('a success carries what was earned and why (0 P with the API\'s reason)', () => {
    const ok = earnAnswerResult(undefined, success, {}) as FormResult<unknown>;
    expect(ok).toEqual({
      ok: true,
      by: 'browser',
      value: { activityKey: 42, points: 0, msg: success.msg, balance: 1200, monthlyLimit: 3, earnedCountMonth: 3 },
    });
    expect(initial(ok, 'title', '기본')).toBe('기본');
  });
});
