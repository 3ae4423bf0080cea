/**
 * Pure rules of the shell (spec §2, §9), kept apart from components so they are
 * tested on their own.
 */
import { HOME_ALT_PATH, HOME_PATH } from '#shared/routes.ts';

/** Spec §9: the header takes its scrolled style above 10 px. */
export const HEADER_SCROLL_PX = 10;
/** Spec §9: the floating bar appears above 50 px. */
export const FLOAT_SCROLL_PX = 50;
/** Decisions D4: the overlay may wait this long so fast requests do not flicker. */
export const OVERLAY_DELAY_MS = 150;

export function isScrolledPast(scrollY: number, threshold: number): boolean {
  return scrollY > threshold;
}

export type BackTarget = { kind: 'path'; to: string } | { kind: 'history' };

/**
 * Spec §2: back goes to /bookpoint/main/homemain when the query contains search_type,
 * otherwise back in browser history. A member who landed on this page directly has no
 * history inside the portal, so back takes them home instead of off the site.
 */
export function backTarget(search: string, landedDirectly: boolean): BackTarget {
  if (new URLSearchParams(search).has('search_type')) return { kind: 'path', to: HOME_ALT_PATH };
  if (landedDirectly) return { kind: 'path', to: HOME_PATH };
  return { kind: 'history' };
}
