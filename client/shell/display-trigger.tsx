/**
 * The header's 화면 설정 control (wide screens). Before hydration, and without JavaScript,
 * a link to the 화면 설정 page; once the page runs, a disclosure button whose panel
 * (display-settings.tsx) loads on first use. Kept small: it is in every page's bundle.
 */
import { useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { HOME_PATH, pageById } from '#shared/routes.ts';

type PanelProps = { id: string; onClose: () => void; onLeave: (open: false) => void };
/** The panel's code, loaded on first use; the button opens it once loaded, so Tab goes into it. */
const loadPanel = () => import('./display-settings.tsx').then((m): ComponentType<PanelProps> => m.DisplaySettingsPanel);
const PANEL_ID = 'display-settings';
const never = () => () => undefined;

export function DisplayTrigger() {
  // false while hydrating (the server's link), true afterwards.
  const hydrated = useSyncExternalStore(never, () => true, () => false);
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<PanelProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const toggle = () => {
    if (open || Panel) return setOpen(!open);
    void loadPanel().then((P) => {
      setPanel(() => P);
      setOpen(true);
    });
  };
  const { pathname, search } = useLocation();
  const label = messages.shell.display;
  // On 화면 설정 itself its link keeps that page's way back, never nesting it (decision 0131);
  // the page checks it on arrival (shared/display-return.ts), so the shell stays small.
  const back = pathname === pageById.display.path ? (new URLSearchParams(search).get('returnTo') ?? HOME_PATH) : pathname + search;
  return hydrated ? (
    <span className="display-trigger__box">
      <button type="button" ref={button} className="display-trigger" aria-expanded={open} aria-controls={open ? PANEL_ID : undefined} onClick={toggle}>
        {label}
      </button>
      {open && Panel && (
        <Panel
          id={PANEL_ID}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
          onLeave={setOpen}
        />
      )}
    </span>
  ) : (
    <a className="display-trigger" href={`${pageById.display.path}?returnTo=${encodeURIComponent(back)}`}>
      {label}
    </a>
  );
}
