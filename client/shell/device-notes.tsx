/**
 * The gate of device-notes-panel.tsx (issue 38): every page carries only this check — does the
 * device hold writes waiting for the network, or did this tab just change to a new build? —
 * and loads the panel, which sends and tells, only then.
 */
import { Suspense, useEffect, useState } from 'react';
import { OUTBOX_EVENT, OUTBOX_HINT } from '#shared/pwa.ts';
import { tabStorage, UPDATED_KEY } from '../api/build.ts';
import { lazyHere } from '../components/lazy-part.tsx';

const Panel = lazyHere(() => import('./device-notes-panel.tsx'));

/** The outbox's count is removed when nothing waits; the note after a switch is a one-shot flag. */
function wanted(): boolean {
  try {
    return !!(localStorage.getItem(OUTBOX_HINT) || tabStorage()?.getItem(UPDATED_KEY));
  } catch {
    return false;
  }
}

export function DeviceNotes() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const check = () => {
      if (wanted()) setShown(true);
    };
    check();
    addEventListener(OUTBOX_EVENT, check);
    return () => removeEventListener(OUTBOX_EVENT, check);
  }, []);
  return (
    shown && (
      <Suspense fallback={null}>
        <Panel />
      </Suspense>
    )
  );
}
