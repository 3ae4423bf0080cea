import { describe, expect, it } from 'vitest';
import { checkRequired } from './required.ts';

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  const f = document.querySelector('form');
  if (!f) throw new Error('no form');
  return f;
}

describe('generic required-field check (docs/product.md §5)', () => {
  it('names the first empty field with the right particle and focuses it', () => {
    const f = form('<input name="user_name" value=""><input name="phone" value="">');
    const r = checkRequired(f, [{ name: 'user_name', label: '이름' }, { name: 'phone', label: '휴대전화 번호' }]);
    expect(r).toMatchObject({ ok: false, message: '이름을 입력해 주세요.' });
    if (!r.ok) expect(r.focus?.getAttribute('name')).toBe('user_name');
    (f.elements.namedItem('user_name') as HTMLInputElement).value = '김서연';
    expect(checkRequired(f, [{ name: 'user_name', label: '이름' }, { name: 'phone', label: '휴대전화 번호' }])).toMatchObject({
      message: '휴대전화 번호를 입력해 주세요.',
    });
  });
  it('asks for consent on an unchecked required checkbox', () => {
    const f = form('<input type="checkbox" name="agree_terms">');
    expect(checkRequired(f, [{ name: 'agree_terms', label: '이용약관' }])).toMatchObject({ ok: false, message: '이용약관에 동의해 주세요.' });
  });
  it('says the form cannot be found', () => {
    expect(checkRequired(null, [])).toEqual({ ok: false, message: '요청하신 양식을 찾을 수 없습니다.' });
    expect(checkRequired(form(''), [{ name: 'missing', label: '이름' }])).toEqual({ ok: false, message: '요청하신 양식을 찾을 수 없습니다.' });
  });
  it('passes when all are filled', () => {
    expect(checkRequired(form('<input name="a" value="x">'), [{ name: 'a', label: '아이디' }])).toEqual({ ok: true });
  });
});
