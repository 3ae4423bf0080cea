/**
 * The header's 화면 설정 control (wide screens). Before hydration, and without JavaScript,
 * a link to the 화면 설정 page; once the page runs, a disclosure button whose panel
 * (display-settings.tsx) loads on first use. Kept small: it is in every page's bundle.
 */
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { pageById } from '#shared/routes.ts';

const Panel = lazy(() => import('./display-settings.tsx').then((m) => ({ default: m.DisplaySettingsPanel })));
const PANEL_ID = 'display-settings';
const never = () => () => undefined;

export function DisplayTrigger() {
  // false while hydrating (the server's link), true afterwards.
  const hydrated = useSyncExternalStore(never, () => true, () => false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const label = messages.shell.display;
  return hydrated ? (
    <>
      <button type="button" ref={button} className="display-trigger" aria-expanded={open} aria-controls={open ? PANEL_ID : undefined} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {open && (
        <Suspense>
          <Panel
            id={PANEL_ID}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  ) : (
    <a className="display-trigger" href={`${pageById.display.path}?returnTo=${encodeURIComponent(pathname + search)}`}>
      {label}
    </a>
  );
}
