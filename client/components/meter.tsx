/** Labelled progress bars (the numbers in text beside them) and the point balance. */
import { useId } from 'react';
import { formatNumber } from '#shared/format-number.ts';

type Naming = { 'aria-labelledby': string } | { 'aria-label': string };

/**
 * A progress bar the portal draws itself (decision 0144): an SVG track with an edge and a fill,
 * coloured by the portal's variables, so it looks the same in every engine and in 고대비. A
 * native <progress> is drawn by each engine its own way (Firefox left its track invisible on
 * 고대비's black card). The role and values say to assistive technology what it shows.
 */
export function ProgressBar({ value, max, ...naming }: { value: number; max: number } & Naming) {
  // Counts and points are never negative; a bar is never fuller than full. (aria-valuemin is 0 unless said.)
  const top = max > 0 ? max : 1;
  const now = Math.min(value, top);
  return (
    <span className="meter__bar" role="progressbar" aria-valuemax={top} aria-valuenow={now} {...naming}>
      <svg className="meter__svg" aria-hidden="true" width="100%" height="100%">
        <rect className="meter__track" width="100%" height="100%" />
        <rect className="meter__fill" width={`${(now / top) * 100}%`} height="100%" />
      </svg>
    </span>
  );
}

export function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  const id = useId();
  return (
    <div className="meter">
      <div className="meter__text">
        <span id={id}>{label}</span>
        <span className="meter__value">
          {formatNumber(value)} / {formatNumber(max)}P
        </span>
      </div>
      <ProgressBar aria-labelledby={id} value={value} max={max} />
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
