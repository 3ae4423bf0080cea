import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MAX_CHARS, REVIEW_MIN_CHARS, reviewCounter } from '#shared/messages-programme.ts';
import { announce } from '#client/shell/announce.ts';
import { CharCounterTextarea } from './char-counter.tsx';

vi.mock('#client/shell/announce.ts', () => ({ announce: vi.fn() }));
const said = vi.mocked(announce);
afterEach(() => said.mockClear());

function renderCounter(defaultValue?: string) {
  render(
    <>
      <label htmlFor="t">서평</label>
      <CharCounterTextarea
        id="t"
        name="content"
        counter={reviewCounter}
        min={REVIEW_MIN_CHARS}
        max={REVIEW_MAX_CHARS}
        describedBy="hint"
        aria-describedby="msg"
        {...(defaultValue !== undefined ? { defaultValue } : {})}
      />
    </>,
  );
  return screen.getByLabelText('서평');
}

const type = (field: HTMLElement, length: number) => fireEvent.change(field, { target: { value: '가'.repeat(length) } });

describe('the review counter', () => {
  it('counts live, as the API counts, in docs/product.md (Messages)\'s form', () => {
    const text = renderCounter();
    const counter = document.getElementById('t-count');
    expect(counter?.textContent).toBe('0/1,000자');
    fireEvent.change(text, { target: { value: '\u1112\u1161\u11ab'.repeat(3) } });
    expect(counter?.textContent).toBe('3/1,000자');
    type(text, 1200);
    expect(counter?.textContent).toBe('1,200/1,000자');
    expect(counter?.className).toContain('is-over');
  });

  it('is no live region: typing says nothing until the text nears the limit', () => {
    const text = renderCounter();
    expect(document.getElementById('t-count')?.hasAttribute('aria-live')).toBe(false);
    expect(document.getElementById('t-count')?.getAttribute('role')).toBeNull();
    for (let n = 1; n < 900; n += 37) type(text, n);
    expect(said).not.toHaveBeenCalled();
  });

  it('speaks once at 90 % and once over the limit, each crossing once', () => {
    const text = renderCounter();
    type(text, 900);
    expect(said.mock.calls).toEqual([['900/1,000자, 100자 남았어요.']]);
    type(text, 950);
    type(text, 999);
    expect(said).toHaveBeenCalledTimes(1);
    type(text, 1003);
    expect(said.mock.calls.at(-1)).toEqual(['1,003/1,000자, 3자 넘었어요.']);
    type(text, 1010);
    // Back under the limit, and near it: nothing new.
    type(text, 990);
    expect(said).toHaveBeenCalledTimes(2);
    // Over again: said again.
    type(text, 1001);
    expect(said.mock.calls.at(-1)).toEqual(['1,001/1,000자, 1자 넘었어요.']);
    // Away from the limit and back: news again.
    type(text, 500);
    type(text, 901);
    expect(said.mock.calls.at(-1)).toEqual(['901/1,000자, 99자 남았어요.']);
    expect(said).toHaveBeenCalledTimes(4);
  });

  it('says nothing of the text it starts with (sent back near the limit)', () => {
    renderCounter('가'.repeat(950));
    expect(said).not.toHaveBeenCalled();
  });

  it('marks a text under the minimum, and starts from the value sent back', () => {
    renderCounter('가'.repeat(199));
    const counter = document.getElementById('t-count');
    expect(counter?.textContent).toBe('199/1,000자');
    expect(counter?.className).toContain('is-under');
  });

  it('is described by the refusal, the hint and the counter: the count on demand', () => {
    const text = renderCounter();
    expect(text.getAttribute('aria-describedby')).toBe('msg hint t-count');
    expect(text.getAttribute('name')).toBe('content');
  });
});
