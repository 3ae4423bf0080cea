/**
 * Data that streams in behind the shell (decision 0030): a loader returns a promise for
 * it, the page shows a skeleton until it settles. On the server React streams the
 * content when the promise settles; in the browser the hydration data carries the
 * settled value, so hydration renders it at once.
 */
import { Suspense, use, type ReactNode } from 'react';

export function Deferred<T>({ value, fallback, children }: { value: Promise<T>; fallback: ReactNode; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Settled value={value}>{children}</Settled>
    </Suspense>
  );
}

function Settled<T>({ value, children }: { value: Promise<T>; children: (value: T) => ReactNode }) {
  return <>{children(use(value))}</>;
}

/** A placeholder for a list or a card while its data is on the way (announced as busy). */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div className="skeleton" role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}
