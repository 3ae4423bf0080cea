/**
 * Where "please sign in" leads (docs/decisions/D2-answers-and-codes.md, docs/decisions/D3-sign-in-session-and-tokens.md): the login redirect URL of code 60/2,
 * kept as `redirectUrl` — a same-origin path (default /login/login, with `returnTo` so the
 * member lands where they were going) or an allowlisted external sign-in page.
 */
import { LOGIN_PATH } from '#shared/routes.ts';
import { safeLocalPath, safeRedirectTarget, safeReturnPath } from '#shared/safe-redirect.ts';

export function loginHref(loginUrl: string | null | undefined, returnTo: string | null, redirectHosts: readonly string[]): string {
  const local = safeLocalPath(loginUrl ?? LOGIN_PATH);
  if (local === undefined) {
    const external = safeRedirectTarget(loginUrl, redirectHosts);
    if (external) return external;
  }
  const base = local ?? LOGIN_PATH;
  const back = returnTo ? safeReturnPath(returnTo) : undefined;
  if (!back) return base;
  return `${base}${base.includes('?') ? '&' : '?'}returnTo=${encodeURIComponent(back)}`;
}

export function isExternal(href: string): boolean {
  return !href.startsWith('/');
}
