/**
 * Pure rules of the shell (docs/product.md §2, §9), kept apart from components so they are
 * tested on their own.
 */
import { HOME_ALT_PATH, HOME_PATH, isLoginPath } from '#shared/routes.ts';

/** docs/product.md §9: the header takes its scrolled style above 10 px. */
export const HEADER_SCROLL_PX = 10;
/** docs/product.md §9: the floating bar appears above 50 px. */
export const FLOAT_SCROLL_PX = 50;
/** docs/decisions/D4-behaviour-details.md: the overlay may wait this long so fast requests do not flicker. */
export const OVERLAY_DELAY_MS = 150;
/** After this long the overlay says what it waits for and that a slow answer is still awaited (issue 38). */
export const SLOW_WAIT_MS = 5_000;

export function isScrolledPast(scrollY: number, threshold: number): boolean {
  return scrollY > threshold;
}

export type BackTarget = { kind: 'path'; to: string } | { kind: 'history' };

/** How the page was reached when the portal's router has no entry before it (a full page load). */
export interface Landing {
  /** `document.referrer`: the page the browser came from ('' when none or withheld). */
  referrer: string;
  /** `location.href` of this page. */
  href: string;
  /** `history.length`: more than 1 when the tab has an entry before this one. */
  historyLength: number;
}

/**
 * docs/product.md §2: back goes to /bookpoint/main/homemain when the query contains search_type,
 * otherwise back in browser history. `landing` is null when the portal's router has an
 * entry before this page. A page loaded in full (after a sign-in, a form posted without
 * JavaScript, a link followed before hydration) has none: if the browser came from another
 * page of the portal (same-origin referrer), back returns there — through the tab's history
 * when it has an entry before this one, else by opening the referrer (a new tab). Otherwise
 * back goes home instead of off the site (decision 0052).
 */
export function backTarget(search: string, landing: Landing | null): BackTarget {
  if (new URLSearchParams(search).has('search_type')) return { kind: 'path', to: HOME_ALT_PATH };
  if (!landing) return { kind: 'history' };
  // document.referrer is '' (none, or withheld) or an absolute URL; '' resolves to this page.
  const from = new URL(landing.referrer, landing.href);
  if (from.origin !== new URL(landing.href).origin || from.href === landing.href || isLoginPath(from.pathname)) {
    return { kind: 'path', to: HOME_PATH };
  }
  return landing.historyLength > 1 ? { kind: 'history' } : { kind: 'path', to: from.pathname + from.search + from.hash };
}
