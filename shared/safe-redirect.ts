/**
 * Redirect targets are checked before they are followed (decisions D3): same-origin
 * paths only, or absolute URLs whose host is on the configured allowlist.
 */

/** A same-origin path ("/x?y#z"), or undefined for anything that could leave the site. */
export function safeLocalPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters and backslashes can be normalised by browsers into another origin.
  if (/[\p{Cc}\\]/u.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, 'http://portal.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://portal.invalid') return undefined;
  return url.pathname + url.search + url.hash;
}

/** A same-origin path, or an absolute http(s) URL on an allowed host. */
export function safeRedirectTarget(value: unknown, allowedHosts: readonly string[]): string | undefined {
  const local = safeLocalPath(value);
  if (local) return local;
  if (typeof value !== 'string' || value.length > 2048 || /[\p{Cc}\\\s]/u.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  return allowedHosts.includes(url.host.toLowerCase()) ? url.href : undefined;
}
