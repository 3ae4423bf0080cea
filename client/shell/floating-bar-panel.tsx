/** The floating bar's content (docs/product.md §2): start reading, scroll to top (not on /upcoming), close. */
import { useLocation } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { hidesTopButton, hrefOf } from '#shared/routes.ts';
import { DISMISS_KEY } from './floating-bar-panel-key.ts';
import { IconBook } from './icons.tsx';
import { IconArrowUp, IconClose } from './icons-lazy.tsx';
import { MAIN_ID } from './skip-link.tsx';

export function FloatingBarPanel({ onClose }: { onClose(): void }) {
  const { pathname } = useLocation();
  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  };

  const close = () => {
    onClose();
    try {
      window.sessionStorage.setItem(DISMISS_KEY, 'true');
    } catch {
      // Private mode: the bar stays closed until the page is reloaded.
    }
  };

  return (
    <aside className="floating-bar" aria-label={messages.float.label}>
      <a className="floating-bar__start" href={hrefOf('bookSearch')}>
        <IconBook width={20} height={20} />
        {messages.float.start}
      </a>
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
