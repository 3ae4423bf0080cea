/**
 * Redirect targets are checked before they are followed (docs/decisions/D3-sign-in-session-and-tokens.md, 0010): same-origin
 * paths only, or absolute URLs whose host is on the configured allowlist.
 *
 * Normalise first, then check: the URL parser removes dot segments (also encoded ones,
 * `%2e%2e`), so `/.//evil.example` becomes `//evil.example` — a host. The checks below
 * run on what comes out of the parser, which is also what is returned.
 */
import { isPageRequestPath } from './paths.ts';
import { AGREE_PATH, isLoginPath } from './routes.ts';

const BASE = 'http://portal.invalid';
const MAX_LENGTH = 2048;

/**
 * Characters a browser drops or reinterprets while parsing a URL, or that hide what a
 * URL says: controls (tab, newline…), invisible format characters, white space of any
 * script, and backslashes (read as `/` in http(s) URLs).
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;

/** "/x", never "//x" or "/\x" (both name a host). */
function isRootedPath(s: string): boolean {
  return s.startsWith('/') && s[1] !== '/' && s[1] !== '\\';
}

/** A same-origin path ("/x?y#z"), or undefined for anything that could leave the site. */
export function safeLocalPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return undefined;
  if (UNSAFE.test(value) || !isRootedPath(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  const out = url.pathname + url.search + url.hash;
  // The normalised form must still be a rooted path on this origin (dot segments removed).
  if (out.length > MAX_LENGTH || !isRootedPath(out) || new URL(out, BASE).origin !== BASE) return undefined;
  return out;
}

/**
 * Where to go back to after signing in or agreeing (`returnTo`): a same-origin page that
 * is not itself the login screen (docs/product.md §2: any path containing /login) or the agreement
 * page, so the member never lands back where they started.
 */
export function safeReturnPath(value: unknown): string | undefined {
  const path = safeLocalPath(value);
  if (path === undefined) return undefined;
  const pathname = path.replace(/[?#].*$/s, '');
  if (!isPageRequestPath(pathname) || isLoginPath(pathname) || pathname.startsWith(AGREE_PATH)) return undefined;
  return path;
}

/** A same-origin path, or an absolute http(s) URL on an allowed host (punycode, lower case). */
export function safeRedirectTarget(value: unknown, allowedHosts: readonly string[]): string | undefined {
  const local = safeLocalPath(value);
  if (local) return local;
  if (typeof value !== 'string' || value.length > MAX_LENGTH || UNSAFE.test(value)) return undefined;
  // Absolute with an authority, spelled plainly: no "http:evil", "https:/evil", "//evil".
  if (!/^https?:\/\/[^/]/i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  if (!allowedHosts.includes(url.host)) return undefined;
  // What is returned is the parser's ASCII serialisation; it must name the same host again.
  const out = url.href;
  if (out.length > MAX_LENGTH || new URL(out).host !== url.host) return undefined;
  return out;
}
