/**
 * The slide-out mobile menu (docs/product.md §2) with accordions. A modal <dialog>: while open,
 * every sibling region is `inert`, Tab cycles inside, Escape closes, and focus goes
 * back to the button that opened it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { hrefOf, menu, menuPlace } from '#shared/routes.ts';
import { useConfig } from './config-context.tsx';
import { DisplayMenuSection } from './display-settings.tsx';
import { IconChevronDown } from './icons.tsx';
import { IconClose } from './icons-lazy.tsx';
import { MemberBar } from './member-bar.tsx';

import { MOBILE_MENU_ID } from './mobile-menu-id.ts';

interface Props {
  open: boolean;
  onClose(): void;
  /** The element to focus after closing (the menu button). */
  returnFocusTo: () => HTMLElement | null;
}

function setSiblingsInert(dialog: HTMLElement, inert: boolean) {
  const parent = dialog.parentElement;
  if (!parent) return;
  for (const el of Array.from(parent.children)) {
    if (el !== dialog && el instanceof HTMLElement) el.inert = inert;
  }
  // The footer is written after the app's root (entry-server.tsx): the page behind the menu too.
  for (const el of document.querySelectorAll<HTMLElement>('body > .site-footer')) el.inert = inert;
}

export function MobileMenu({ open, onClose, returnFocusTo }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { siteName } = useConfig();
  const baseId = useId();
  const place = menuPlace(pathname);
  const currentGroup = menu.findIndex((g) => g.id === place.group);
  const [expanded, setExpanded] = useState<number | null>(currentGroup >= 0 ? currentGroup : 0);
  /** Closing because a link was followed: focus goes to the new page, not the button. */
  const navigating = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      setSiblingsInert(dialog, true);
      document.documentElement.classList.add('is-scroll-locked');
      closeRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Whatever closed it (Escape, a link, the close button), restore the page.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClosed = () => {
      setSiblingsInert(dialog, false);
      document.documentElement.classList.remove('is-scroll-locked');
      onClose();
      if (!navigating.current) returnFocusTo()?.focus();
      navigating.current = false;
    };
    dialog.addEventListener('close', onClosed);
    return () => dialog.removeEventListener('close', onClosed);
  }, [onClose, returnFocusTo]);

  // A navigation closes the menu (not the first render: the menu mounts open, on first use).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (ref.current?.open) {
      navigating.current = true;
      ref.current.close();
    }
  }, [pathname]);

  // Tab cycles inside the panel; a click on the backdrop (outside the panel) closes.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const focusable = Array.from(
        dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])'),
      ).filter((el) => !el.closest('[hidden]'));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (e.target === dialog) dialog.close();
    };
    dialog.addEventListener('keydown', onKey);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('keydown', onKey);
      dialog.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <dialog
      id={MOBILE_MENU_ID}
      ref={ref}
      className="mobile-menu"
      aria-label={messages.shell.menu}
    >
      <div className="mobile-menu__panel">
        <div className="mobile-menu__head">
          <p className="mobile-menu__title">{siteName}</p>
          <button
            type="button"
            className="icon-btn"
            ref={closeRef}
            onClick={() => ref.current?.close()}
          >
            <IconClose />
            <span className="sr-only">{messages.shell.closeMenu}</span>
          </button>
        </div>
        <MemberBar className="member-bar--menu" />
        {/* The announcer's voice while the menu is open: a modal dialog makes the shell's region inert (announce.ts). */}
        <p className="sr-only" aria-live="polite" />
        <ul className="mobile-menu__groups">
          {menu.map((group, i) => {
            const listId = `${baseId}-${i}`;
            const isOpen = expanded === i;
            return (
              <li key={group.id} className="mobile-menu__group">
                <button
                  type="button"
                  className="mobile-menu__group-button"
                  aria-expanded={isOpen}
                  aria-controls={listId}
                  onClick={() => setExpanded(isOpen ? null : i)}
                >
                  {group.label}
                  <IconChevronDown className="mobile-menu__chevron" width={20} height={20} />
                </button>
                <ul id={listId} className="mobile-menu__links" hidden={!isOpen}>
                  {group.items.map((item) => (
                    <li key={item.label}>
                      <a
                        href={hrefOf(item.page)}
                        className="mobile-menu__link"
                        aria-current={group.id === place.group && item.page === place.page ? 'page' : undefined}
                        onClick={() => {
                          navigating.current = true;
                          ref.current?.close();
                        }}
                      >
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <DisplayMenuSection />
      </div>
    </dialog>
  );
}
