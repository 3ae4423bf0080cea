/**
 * The member's home arrives after the layout focused a heading (client/shell/arrival-focus.ts):
 * its own heading, above that one, takes the focus over unless the member has moved it since.
 * Here rather than in the shell, so only the member's home carries it.
 */
import { FALLBACK } from '#client/shell/arrival-focus.ts';

/** Moves the focus to `heading` if it is still on the layout's fallback heading. */
export function takeArrivalFocus(heading: HTMLElement | null): void {
  const active = document.activeElement;
  if (!heading || !(active instanceof HTMLElement) || !active.hasAttribute(FALLBACK)) return;
  active.removeAttribute(FALLBACK);
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}
