/**
 * Where focus goes on a new page (decision 0131). The layout focuses the page's heading, or,
 * where that heading is for screen readers only, the first heading one can see. A part of the
 * page that arrives later (the member's home, its own chunk) has its heading above that one:
 * it takes the focus over, unless the member has moved it since.
 */
export const FALLBACK = 'data-arrival';

/** Marks the heading the layout fell back to (so a heading above it may take the focus over). */
export function markArrivalFallback(heading: HTMLElement): void {
  heading.setAttribute(FALLBACK, '');
}

const ON_NEXT_LOAD = 'focusHeading';

/** A full page load the portal makes itself (sign-out) focuses the next page's heading, as a client navigation does. */
export function focusHeadingOnNextLoad(): void {
  try {
    sessionStorage.setItem(ON_NEXT_LOAD, '1');
  } catch {
    // Storage refused: the new page starts with the browser's own focus.
  }
}

/** Whether this page load was asked to focus its heading (once). */
export function headingFocusAsked(): boolean {
  try {
    const asked = sessionStorage.getItem(ON_NEXT_LOAD) !== null;
    sessionStorage.removeItem(ON_NEXT_LOAD);
    return asked;
  } catch {
    return false;
  }
}
