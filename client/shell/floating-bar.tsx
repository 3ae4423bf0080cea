/**
 * Floating bar of docs/product.md §2: past 50 px, a start-reading link, scroll-to-top (not on
 * /upcoming paths) and a close button that hides it for the rest of the visit.
 */
import { Suspense, useState, useSyncExternalStore } from 'react';
import { DISMISS_KEY } from './floating-bar-panel-key.ts';
import { FLOAT_SCROLL_PX } from './rules.ts';
import { useScrollPast } from './use-scroll-past.ts';
import { lazyHere } from '../components/lazy-part.tsx';

/** Closed earlier in this visit (session storage; unavailable storage means "no"). */
function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISS_KEY) === 'true';
  } catch {
    return false;
  }
}
const noSubscription = () => () => undefined;

/** Shown past 50 px: its code loads then (it is never in the first paint). */
const FloatingBarPanel = lazyHere(() => import('./floating-bar-panel.tsx').then((m) => ({ default: m.FloatingBarPanel })));

export function FloatingBar() {
  const past = useScrollPast(FLOAT_SCROLL_PX);
  const dismissed = useSyncExternalStore(noSubscription, readDismissed, () => false);
  const [closed, setClosed] = useState(false);

  if (closed || dismissed || !past) return null;
  return (
    <Suspense fallback={null}>
      <FloatingBarPanel onClose={() => setClosed(true)} />
    </Suspense>
  );
}
