import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REVIEW_MAX_CHARS, REVIEW_MIN_CHARS, reviewCounter } from '#shared/messages-programme.ts';
import { CharCounterTextarea } from './char-counter.tsx';

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

describe('the review counter', () => {
  it('counts live, as the API counts, in docs/product.md (Messages)\'s form', () => {
    const text = renderCounter();
    const counter = document.getElementById('t-count');
    expect(counter?.textContent).toBe('0/1,000자');
    expect(counter?.getAttribute('aria-live')).toBe('polite');
    fireEvent.change(text, { target: { value: '\u1112\u1161\u11ab'.repeat(3) } });
    expect(counter?.textContent).toBe('3/1,000자');
    fireEvent.change(text, { target: { value: '가'.repeat(1200) } });
    expect(counter?.textContent).toBe('1,200/1,000자');
    expect(counter?.className).toContain('is-over');
  });

  it('marks a text under the minimum, and starts from the value sent back', () => {
    renderCounter('가'.repeat(199));
    const counter = document.getElementById('t-count');
    expect(counter?.textContent).toBe('199/1,000자');
    expect(counter?.className).toContain('is-under');
  });

  it('is described by the refusal, the hint and the counter', () => {
    const text = renderCounter();
    expect(text.getAttribute('aria-describedby')).toBe('msg hint t-count');
    expect(text.getAttribute('name')).toBe('content');
  });
});
