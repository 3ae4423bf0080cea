/**
 * Floating bar of spec §2: past 50 px, a start-reading link, scroll-to-top (not on
 * /upcoming paths) and a close button that hides it for the rest of the visit.
 */
import { useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { hidesTopButton, hrefOf } from '#shared/routes.ts';
import { IconArrowUp, IconBook, IconClose } from './icons.tsx';
import { FLOAT_SCROLL_PX } from './rules.ts';
import { MAIN_ID } from './skip-link.tsx';
import { useScrollPast } from './use-scroll-past.ts';

const DISMISS_KEY = 'floatingBarClosed';

/** Closed earlier in this visit (session storage; unavailable storage means "no"). */
function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISS_KEY) === 'true';
  } catch {
    return false;
  }
}
const noSubscription = () => () => undefined;

export function FloatingBar() {
  const past = useScrollPast(FLOAT_SCROLL_PX);
  const { pathname } = useLocation();
  const dismissed = useSyncExternalStore(noSubscription, readDismissed, () => false);
  const [closed, setClosed] = useState(false);

  if (closed || dismissed || !past) return null;

  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  };

  const close = () => {
    setClosed(true);
    try {
      window.sessionStorage.setItem(DISMISS_KEY, 'true');
    } catch {
      // Private mode: the bar stays closed until the page is reloaded.
    }
  };

  return (
    <aside className="floating-bar" aria-label={messages.float.label}>
      <Link className="floating-bar__start" to={hrefOf('bookSearch')}>
        <IconBook width={20} height={20} />
        {messages.float.start}
      </Link>
      {!hidesTopButton(pathname) && (
        <button type="button" className="floating-bar__button" onClick={toTop}>
          <IconArrowUp width={20} height={20} />
          <span className="sr-only">{messages.float.top}</span>
        </button>
      )}
      <button type="button" className="floating-bar__button" onClick={close}>
        <IconClose width={20} height={20} />
        <span className="sr-only">{messages.float.close}</span>
      </button>
    </aside>
  );
}
