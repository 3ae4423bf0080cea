/**
 * A textarea with a character counter (docs/product.md (Messages) review.counter "{n}/1,000자"),
 * counting as the API does (text-length.ts), right in the server's HTML too (the initial value is
 * counted there). The counter describes the field, so a screen reader gives the count on demand;
 * it is not a live region — that read every keystroke out. The announcer (decision 0143) speaks
 * only when it matters: once as the text reaches 90 % of the limit, once as it goes over; each
 * again only after the text has gone back below that mark.
 */
import { useState, type TextareaHTMLAttributes } from 'react';
import { counterSaid } from '#shared/messages-programme.ts';
import { announce } from '#client/shell/announce.ts';
import { charCount } from './text-length.ts';

/** From this share of the limit the counter is near it. */
const NEAR = 0.9;

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

/** 0: far from the limit, 1: near it, 2: over it. */
function zoneOf(count: number, max: number): number {
  return count > max ? 2 : count >= Math.ceil(max * NEAR) ? 1 : 0;
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
        onChange={(e) => {
          // Said as the text comes nearer the limit (near, then over), with the count of that
          // moment; not again while it stays there, nor as it goes back.
          const next = charCount(e.target.value);
          const zone = zoneOf(next, max);
          if (zone > zoneOf(count, max)) announce(zone > 1 ? counterSaid.over(counter(next), next - max) : counterSaid.near(counter(next), max - next));
          setText(e.target.value);
        }}
        {...rest}
        aria-describedby={[fromField, describedBy, counterId].filter(Boolean).join(' ')}
      />
      <p id={counterId} className={`char-counter${state}`}>
        {counter(count)}
      </p>
    </>
  );
}
