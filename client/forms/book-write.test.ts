/** A write about a book is refused, in this order, without a book, with a required field empty, or with the text's length wrong. */
import { describe, expect, it } from 'vitest';
import { bookWriteRefusal } from './book-write.tsx';

const ISBN = '9788936410841';

function refusal(kind: 'diary' | 'review', fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const out = bookWriteRefusal(undefined, kind, form, fields, [{ name: 'content', label: '서평' }]);
  return out && out.data;
}

describe('the first checks of a write about a book', () => {
  it('asks for a book first, keeping what was typed', () => {
    expect(refusal('diary', { isbn: '12345', content: '' })).toEqual({
      ok: false, by: 'browser', message: '책을 먼저 골라 주세요.', values: { isbn: '12345', content: '' },
    });
  });
  it('then the required fields, then the length of the kind', () => {
    expect(refusal('review', { isbn: ISBN, content: ' ' })).toMatchObject({ message: '서평을 입력해 주세요.', field: 'content' });
    expect(refusal('review', { isbn: ISBN, content: '가'.repeat(199) })).toMatchObject({ message: '서평은 200자 이상 입력해 주세요.', field: 'content' });
    expect(refusal('diary', { isbn: ISBN, content: '가'.repeat(199) })).toBeNull();
    expect(refusal('diary', { isbn: ISBN, content: '가'.repeat(201) })).toMatchObject({ message: '독서일지는 200자까지 입력할 수 있어요.' });
    expect(refusal('review', { isbn: ISBN, content: '가'.repeat(1000) })).toBeNull();
  });
});
