/**
 * A button that prints the page (window.print). It needs JavaScript, so it appears only
 * once the page runs in a browser: the server's HTML (and a browser without scripts) has
 * none, and hydration first renders the server's answer, then the browser's.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => {};

export function PrintButton({ label }: { label: string }) {
  const scripted = useSyncExternalStore(never, () => true, () => false);
  if (!scripted) return null;
  return (
    <button type="button" className="btn btn--small btn--tertiary no-print" onClick={() => window.print()}>
      {label}
    </button>
  );
}
