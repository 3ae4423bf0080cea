/**
 * Where 화면 설정 leads back to (decision 0131): the page the member was reading, never the
 * 화면 설정 page itself. Opened from that page, its link keeps the page's own way back
 * instead of wrapping the page's address in `returnTo` again (which nested without limit:
 * 52 pages, then a 431 at 16,642 characters). A way back is a page of this portal
 * (safeLocalPath, a page request; the login screen too: 화면 설정 is offered there) of at
 * most DISPLAY_RETURN_MAX characters.
 */
import { DISPLAY_ROUTE } from './display.ts';
import { HOME_PATH, pageById } from './routes.ts';
import { isPageRequestPath } from './paths.ts';
import { safeLocalPath } from './safe-redirect.ts';

export const DISPLAY_RETURN_MAX = 1024;

/** A way back from 화면 설정, or undefined: not a safe page, too long, or 화면 설정 itself. */
export function displayBackPath(value: unknown): string | undefined {
  const path = safeLocalPath(value);
  if (path === undefined || path.length > DISPLAY_RETURN_MAX) return undefined;
  const pathname = path.replace(/[?#].*$/s, '');
  return isPageRequestPath(pathname) && pathname !== pageById.display.path && pathname !== DISPLAY_ROUTE ? path : undefined;
}

/** The way back for 화면 설정 opened on `pathname` + `search`: on 화면 설정 itself, the way back it already has. */
export function displayReturnOf(pathname: string, search: string): string {
  if (pathname === pageById.display.path) return displayBackPath(new URLSearchParams(search).get('returnTo')) ?? HOME_PATH;
  return displayBackPath(pathname + search) ?? HOME_PATH;
}
