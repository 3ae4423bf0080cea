/**
 * After a change within a page — a tab chosen, a search made, a filter applied, a book chosen:
 * the links and forms that carry WITHIN_PAGE in their history state —
 * the layout leaves the focus alone (decision 0143). The part of the page that shows what changed
 * calls `useWithinPage` once it is on the page (its data arrived): the focus goes where the
 * change is (a list, a heading, the next field) and the announcer says what it is (the tab and
 * how many entries it shows, how many books a search found, the book chosen). Once per change.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { announce, type PageState } from '#client/shell/announce.ts';

/** A link's or a form's history state for a change within the page. */
export const WITHIN_PAGE: PageState = { within: true };

/** The change (the history entry's key) whose arrival was said: a second part of the page says nothing. */
let handled = '';

/**
 * `sentence`: what to say (null: nothing). `target`: where the focus goes (focusable for the
 * purpose if it is not); without one, or when it finds none, the focus stays (on the search
 * field the member used).
 */
export function useWithinPage(sentence: string | null, target?: () => HTMLElement | null | undefined): void {
  const { key, state } = useLocation();
  useEffect(() => {
    if (!(state as PageState | null)?.within || key === handled) return;
    handled = key;
    const el = target?.();
    if (el) {
      if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
      el.focus();
    }
    if (sentence) announce(sentence);
  }, [key, state, sentence, target]);
}
