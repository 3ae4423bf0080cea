/**
 * Client-side navigation for plain links (decision 0036). The shell's links (menus, header,
 * footer: ~60 on every page) are plain `<a href>`s — cheap to render on the server and in the
 * browser, and the same markup before hydration and without JavaScript. One listener on the
 * document hands a plain left click on a link to a portal page to the router; anything else
 * (a modifier key, another window, a download, another site, an address that is not a page,
 * a link marked `data-document`) is left to the browser. Links that handled the click
 * themselves (react-router's `<Link>`) call preventDefault and are skipped.
 */
import { matchPage } from '#shared/routes.ts';

/** The in-portal address a click should navigate to, or undefined to let the browser follow it. */
export function clientTarget(e: MouseEvent, origin: string): string | undefined {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return undefined;
  const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(a instanceof HTMLAnchorElement)) return undefined;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.dataset['document'] !== undefined) return undefined;
  const url = new URL(a.href);
  if (url.origin !== origin || !matchPage(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

export function delegateLinks(navigate: (to: string) => unknown): void {
  document.addEventListener('click', (e) => {
    const to = clientTarget(e, window.location.origin);
    if (to === undefined) return;
    e.preventDefault();
    void navigate(to);
  });
}
