import { describe, expect, it } from 'vitest';
import { firstMissing } from './required.ts';

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const NAME_AND_PHONE = [{ name: 'user_name', label: '이름' }, { name: 'phone', label: '휴대전화 번호' }];

describe('generic required-field check (docs/product.md §5)', () => {
  it('names the first empty field with the right particle, for the action to focus', () => {
    expect(firstMissing(form({ user_name: '', phone: '' }), NAME_AND_PHONE)).toEqual({ field: 'user_name', message: '이름을 입력해 주세요.' });
    expect(firstMissing(form({ user_name: '김서연', phone: '  ' }), NAME_AND_PHONE)).toEqual({
      field: 'phone',
      message: '휴대전화 번호를 입력해 주세요.',
    });
  });
  it('counts a field that was not sent (a radio group left unchosen) as empty', () => {
    expect(firstMissing(form({}), [{ name: 'rating', label: '별점' }])).toEqual({ field: 'rating', message: '별점을 입력해 주세요.' });
  });
  it('asks for consent on an unchecked required checkbox', () => {
    expect(firstMissing(form({}), [{ name: 'agree_terms', label: '이용약관', consent: true }])).toEqual({
      field: 'agree_terms',
      message: '이용약관에 동의해 주세요.',
    });
  });
  it('passes when all are filled', () => {
    expect(firstMissing(form({ a: 'x', agree: 'Y' }), [{ name: 'a', label: '아이디' }, { name: 'agree', label: '약관', consent: true }])).toBeNull();
  });
});
