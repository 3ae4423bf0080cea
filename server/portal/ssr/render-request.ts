/**
 * What a page render reads from the member's request: whether the page streams or comes
 * whole (decision 0030), the origin the browser used, whether a visitor's page may be shared
 * (decision 0037), and the Fetch `Request` the SSR entry's router sees, which carries of the
 * member's cookies only the display settings.
 */
import type { FastifyRequest } from 'fastify';
import { DISPLAY_COOKIE, formatDisplay, type DisplaySettings } from '#shared/display.ts';
import { JS_COOKIE } from '#shared/ssr.ts';

const BOT_UA = /bot|crawl|spider|slurp|yeti|daum(?:oa)?|bingpreview|facebookexternalhit|kakaotalk-scrap|lighthouse/i;

/** Cookies a visitor's page may carry and still be shared: whether scripts run, and the display settings. */
const VISITOR_COOKIES: ReadonlySet<string> = new Set([JS_COOKIE, DISPLAY_COOKIE]);

/** Crawlers, and browsers that have not shown they run our script, get the whole page (decision 0030). */
export function wantsWholePage(req: FastifyRequest): boolean {
  return BOT_UA.test(req.headers['user-agent'] ?? '') || req.cookies[JS_COOKIE] !== '1';
}

/** Origins already worked out, by scheme and Host; a few at most, so a full table is just dropped. */
const origins = new Map<string, string>();

/** The origin the member's browser used (for absolute links such as the in-app guide's). */
export function originOf(req: FastifyRequest): string {
  const given = `${req.protocol}://${req.host}`;
  let origin = origins.get(given);
  if (origin === undefined) {
    try {
      origin = new URL(given).origin;
    } catch {
      origin = 'http://localhost';
    }
    if (origins.size >= 64) origins.clear();
    origins.set(given, origin);
  }
  return origin;
}

/** Whether the request carries nothing but a visitor's cookies (its page may be shared, decision 0037). */
export function hasOnlyVisitorCookies(req: FastifyRequest): boolean {
  for (const name of Object.keys(req.cookies)) if (!VISITOR_COOKIES.has(name)) return false;
  return true;
}

/**
 * The request's URL made absolute, as `new URL(url, origin)` resolves it. A path that starts
 * with one `/` (every page's) is appended as it is, and the Request parses it once: a URL object
 * handed to Request is turned back into a string and parsed again. What follows the first `/`
 * may make the URL parser read another host (a second slash, a backslash, or a tab or newline,
 * which it drops): those go through URL as before.
 */
export function absoluteUrl(url: string, origin: string): string {
  const second = url.charCodeAt(1);
  const plainPath = url.charCodeAt(0) === 0x2f && second !== 0x2f && second !== 0x5c && second !== 0x09 && second !== 0x0a && second !== 0x0d;
  if (plainPath) return origin + url;
  return new URL(url, origin).href;
}

/** The Fetch request the SSR entry renders: GET, or POST with the form a page action reads. */
export function fetchRequestOf(req: FastifyRequest, display: DisplaySettings | undefined, form: URLSearchParams | undefined): Request {
  return new Request(absoluteUrl(req.url, originOf(req)), {
    method: form ? 'POST' : 'GET',
    headers: {
      accept: req.headers.accept ?? 'text/html',
      'user-agent': req.headers['user-agent'] ?? '',
      // Of the member's cookies, loaders see only the display settings (the 화면 설정 page).
      ...(display ? { cookie: `${DISPLAY_COOKIE}=${formatDisplay(display)}` } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { body: form } : {}),
  });
}
