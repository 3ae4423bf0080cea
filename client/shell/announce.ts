/**
 * The portal's one announcer (decision 0143): a polite live region the shell renders once
 * (client/app.tsx), in the server's HTML from the first paint and empty, so a screen reader
 * knows it before anything is said into it. Any code — a component, an action, a module without
 * React — says a sentence with `announce`; it is written a moment after the region is cleared, so
 * the same sentence twice is spoken twice, and after a focus move made in the same task (the
 * focus is spoken first, the sentence after it).
 */

export const ANNOUNCER_ID = 'announcer';

/** The history state of a change within the page (a tab, a search, a filter: WITHIN_PAGE, components/within-page.ts): the layout leaves the focus to the page. */
export interface PageState {
  within?: boolean;
}

export function announce(sentence: string): void {
  // While a modal dialog is open the rest of the page is inert, its live region mute: the dialog's own speaks.
  const region = document.querySelector('dialog[open] [aria-live]') ?? document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  region.textContent = '';
  setTimeout(() => (region.textContent = sentence), 100);
}

let pending: (() => void) | undefined;

/**
 * What to do once the page a navigation leads to has arrived — a new page's heading focused, or a
 * change within the page committed: say that the member signed in, confirm the book chosen and
 * move on to the next field. Once, on the next change of address.
 */
export function onArrival(act: () => void): void {
  pending = act;
}

/** The layout, once a navigation has arrived: what the navigation left to do (once). */
export function arrived(): void {
  const act = pending;
  pending = undefined;
  act?.();
}
