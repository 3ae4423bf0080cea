/**
 * Where focus goes on a new page (decisions 0131, 0143). The layout focuses the page's heading,
 * or, where that heading is for screen readers only, the first heading one can see (the member
 * home's part is on the page by then: the home's loader waits for its module). A full page load
 * the portal makes itself (sign-out) says what it did on the next page, the focus on the member
 * bar's button: the sentence waits in this tab's session storage across the load.
 */
import { tabStorage } from '../api/build.ts';

const ON_NEXT_LOAD = 'saidOnNextLoad';

/**
 * A full page load the portal makes itself (sign-out): the next page says `sentence` (decision
 * 0143), its focus on the member bar's own button (where the one that led here was).
 */
export function sayOnNextLoad(sentence: string): void {
  try {
    tabStorage()?.setItem(ON_NEXT_LOAD, sentence);
  } catch {
    // Storage full: the new page starts with the browser's own focus, and says nothing.
  }
}

/** What this page load was asked to say (once), or null. */
export function nextLoadSentence(): string | null {
  const storage = tabStorage();
  const said = storage?.getItem(ON_NEXT_LOAD) ?? null;
  storage?.removeItem(ON_NEXT_LOAD);
  return said;
}
