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
        <span className="meter__value">
          {formatNumber(value)} / {formatNumber(max)}P
        </span>
      </div>
      <progress className="meter__bar" aria-labelledby={id} value={Math.min(value, max)} max={max > 0 ? max : 1}>
        {pct}%
      </progress>
    </div>
  );
}

/** A member's point balance: its label, then the number and its unit in one box that never splits. */
export function PointsBalance({ label, balance }: { label: string; balance: number }) {
  return (
    <p className="points__balance">
      <span className="points__label">{label}</span>
      <span className="points__value">
        <strong>{formatNumber(balance)}</strong>
        <span className="points__unit">P</span>
      </span>
    </p>
  );
}
