/**
 * A textarea with a live character counter (docs/product.md (Messages) review.counter "{n}/1,000자"),
 * counting as the API does (text-length.ts). The counter is announced politely, and it
 * is right in the server's HTML too (the initial value is counted there).
 */
import { useState, type TextareaHTMLAttributes } from 'react';
import { charCount } from './text-length.ts';

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'defaultValue'> {
  id: string;
  name: string;
  defaultValue?: string;
  /** The counter's text for a count, e.g. reviewCounter. */
  counter(count: number): string;
  /** Over this many characters the counter turns red (the API refuses). */
  max: number;
  /** Under this many (when given) the counter is marked as not yet enough. */
  min?: number;
  /** Ids of hints that describe the field besides the counter (and a refusal's message). */
  describedBy?: string;
}

export function CharCounterTextarea({ id, name, defaultValue = '', counter, max, min, describedBy, 'aria-describedby': fromField, ...rest }: Props) {
  const [text, setText] = useState(defaultValue);
  const count = charCount(text);
  const state = count > max ? ' is-over' : min !== undefined && count < min ? ' is-under' : '';
  const counterId = `${id}-count`;
  return (
    <>
      <textarea
        id={id}
        name={name}
        className="input textarea"
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...rest}
        aria-describedby={[fromField, describedBy, counterId].filter(Boolean).join(' ')}
      />
      <p id={counterId} className={`char-counter${state}`} aria-live="polite">
        {counter(count)}
      </p>
    </>
  );
}
