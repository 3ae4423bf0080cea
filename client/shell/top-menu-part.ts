/**
 * The wide screens' top menu (top-menu.tsx) in a chunk of its own: phones never show it, and
 * the first visit's budget does not carry it (decision 0145). On a wide screen its code comes
 * with the page's modules, before hydration (entry-client.tsx), so the menu is live as soon as
 * the page is: hydrated lazily, a key or a tap on the server's markup before its chunk arrived
 * was dropped by React, and the page already said it was ready (decision 0147).
 */
import { lazyPart } from '../components/lazy-part.tsx';

export const topMenu = lazyPart(() => import('./top-menu.tsx').then((m) => ({ default: m.TopMenu })));

/** shell.css shows the top menu from this width. */
const WIDE = '(min-width: 1024px)';

/**
 * Loads the menu's code on a wide screen. A chunk that cannot be loaded now never holds the
 * page: the menu then takes React's lazy path (and build.ts reloads the page once for missing files).
 */
export function preloadTopMenu(): Promise<void> {
  if (!matchMedia(WIDE).matches) return Promise.resolve();
  return topMenu.preload().then(
    () => undefined,
    () => undefined,
  );
}
