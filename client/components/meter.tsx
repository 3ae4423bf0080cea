/** A labelled progress bar (a native <meter>-like bar with the numbers in text). */
import { useId } from 'react';
import { formatNumber } from './format.ts';

export function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  const id = useId();
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className="meter">
      <div className="meter__text">
        <span id={id}>{label}</span>
        <span>
          {formatNumber(value)} / {formatNumber(max)}P
        </span>
      </div>
      <progress className="meter__bar" aria-labelledby={id} value={Math.min(value, max)} max={max > 0 ? max : 1}>
        {pct}%
      </progress>
    </div>
  );
}
