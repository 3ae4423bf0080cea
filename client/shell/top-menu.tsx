/**
 * The two-level top menu (docs/decisions/D6-menu-two-level.md) for wide screens: first-level items are
 * buttons with aria-expanded that open their list of links. Keyboard: Enter/Space or
 * ArrowDown opens and moves into the list, ArrowUp/ArrowDown move within it,
 * ArrowLeft/ArrowRight move between first-level buttons, Escape closes and returns
 * focus to the button; leaving the menu or clicking elsewhere closes it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { hrefOf, menu, menuPlace } from '#shared/routes.ts';
import { IconChevronDown } from './icons.tsx';

export function TopMenu() {
  const { pathname } = useLocation();
  // The open group belongs to the page it was opened on: navigating closes it.
  const [opened, setOpened] = useState<{ index: number; path: string } | null>(null);
  const open = opened && opened.path === pathname ? opened.index : null;
  const setOpen = (index: number | null) => setOpened(index === null ? null : { index, path: pathname });
  const navRef = useRef<HTMLElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const place = menuPlace(pathname);

  // Close when focus leaves the menu.
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const onFocusOut = (e: FocusEvent) => {
      if (!(e.relatedTarget instanceof Node) || !nav.contains(e.relatedTarget)) setOpened(null);
    };
    nav.addEventListener('focusout', onFocusOut);
    return () => nav.removeEventListener('focusout', onFocusOut);
  }, []);

  // Close on a click or tap outside the menu.
  useEffect(() => {
    if (open === null) return;
    const onPointer = (e: PointerEvent) => {
      if (navRef.current && e.target instanceof Node && !navRef.current.contains(e.target)) setOpened(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const links = (i: number): HTMLAnchorElement[] =>
    Array.from(document.getElementById(`${baseId}-${i}`)?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  const focusFirstLink = (i: number) => requestAnimationFrame(() => links(i)[0]?.focus());

  const onButtonKey = (i: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const count = menu.length;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(i);
      focusFirstLink(i);
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const next = (i + (e.key === 'ArrowRight' ? 1 : count - 1)) % count;
      buttons.current[next]?.focus();
      if (open !== null) setOpen(next);
    } else if (e.key === 'Escape' && open !== null) {
      e.preventDefault();
      setOpen(null);
    }
  };

  const onLinkKey = (i: number) => (e: KeyboardEvent<HTMLAnchorElement>) => {
    const items = links(i);
    const at = items.findIndex((a) => a === document.activeElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(null);
      buttons.current[i]?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
      items[next]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  return (
    <nav className="top-menu" aria-label={messages.shell.mainMenu} ref={navRef}>
      <ul className="top-menu__list">
        {menu.map((group, i) => {
          const listId = `${baseId}-${i}`;
          const expanded = open === i;
          const current = group.id === place.group;
          return (
            <li key={group.id} className={`top-menu__item${current ? ' is-current' : ''}`}>
              <button
                type="button"
                className="top-menu__button"
                aria-expanded={expanded}
                aria-controls={listId}
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                onClick={() => setOpen(expanded ? null : i)}
                onKeyDown={onButtonKey(i)}
              >
                {group.label}
                <IconChevronDown className="top-menu__chevron" width={16} height={16} />
              </button>
              <ul id={listId} className="top-menu__sub" hidden={!expanded}>
                {group.items.map((item) => (
                  <li key={item.label}>
                    <a
                      href={hrefOf(item.page)}
                      className="top-menu__link"
                      aria-current={current && item.page === place.page ? 'page' : undefined}
                      onClick={() => setOpen(null)}
                      onKeyDown={onLinkKey(i)}
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
    </nav>
  );
}
