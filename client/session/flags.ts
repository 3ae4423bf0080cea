/**
 * The browser's local flags of docs/product.md §3: isLoggedIn, isAgree, isNotice ("true"/"false")
 * and redirectUrl (the login redirect URL, code 60/2). Storage can be unavailable
 * (private mode, blocked): reads then answer null and writes do nothing.
 */
import type { SessionUser } from '#shared/session.ts';

export const FLAG_KEYS = { loggedIn: 'isLoggedIn', agree: 'isAgree', notice: 'isNotice', redirectUrl: 'redirectUrl' } as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readFlag(key: (typeof FLAG_KEYS)[keyof typeof FLAG_KEYS]): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or privacy settings: the flags are a convenience, the cookies hold the session.
  }
}

/** Sign-in: the three flags from the member; sign-out (null): all three "false". */
export function writeSessionFlags(user: SessionUser | null): void {
  write(FLAG_KEYS.loggedIn, String(user !== null));
  write(FLAG_KEYS.agree, String(user?.isHomeAgreeYn === 'Y'));
  write(FLAG_KEYS.notice, String(user?.isHomeNoticeYn === 'Y'));
}

export function flagsAllowMember(): boolean {
  return readFlag(FLAG_KEYS.loggedIn) === 'true' && readFlag(FLAG_KEYS.agree) === 'true';
}

export function writeRedirectUrl(url: string): void {
  write(FLAG_KEYS.redirectUrl, url);
}
