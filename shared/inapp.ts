/**
 * In-app browsers of messengers and social apps (docs/decisions/D4-behaviour-details.md), detected from the
 * User-Agent, and how each can hand the page to the phone's own browser.
 */
export type InAppName = 'kakaotalk' | 'naver' | 'line' | 'facebook' | 'instagram' | 'daum' | 'band';

const PATTERNS: readonly [InAppName, RegExp][] = [
  ['kakaotalk', /KAKAOTALK/i],
  ['naver', /NAVER\(inapp/i],
  ['line', /\bLine\//],
  ['facebook', /FBAN|FBAV|FB_IAB/],
  ['instagram', /Instagram/],
  ['daum', /DaumApps/],
  ['band', /\bBAND\b/],
];

/**
 * Any of the patterns, case aside: one search of a user agent that holds none of them (every
 * page request of an ordinary browser) instead of seven. Made from PATTERNS, so it keeps up.
 */
const ANY_IN_APP = new RegExp(PATTERNS.map(([, re]) => re.source).join('|'), 'i');

export function detectInApp(userAgent: string | undefined): InAppName | null {
  if (!userAgent || !ANY_IN_APP.test(userAgent)) return null;
  for (const [name, re] of PATTERNS) if (re.test(userAgent)) return name;
  return null;
}

export function isAndroid(userAgent: string | undefined): boolean {
  return /Android/i.test(userAgent ?? '');
}

/** Cookie set when the member chooses to continue in the in-app browser (no loop). */
export const INAPP_CONTINUE_COOKIE = 'inappContinue';

/**
 * A link that opens `absoluteUrl` outside the in-app browser, or null where the app
 * offers no such link (iOS apps other than KakaoTalk and LINE: the member uses the
 * app's own "open in Safari" menu).
 */
export function externalOpenUrl(app: InAppName | null, userAgent: string | undefined, absoluteUrl: string): string | null {
  if (app === 'kakaotalk') return `kakaotalk://web/openExternal?url=${encodeURIComponent(absoluteUrl)}`;
  if (app === 'line') {
    const u = new URL(absoluteUrl);
    u.searchParams.set('openExternalBrowser', '1');
    return u.href;
  }
  if (isAndroid(userAgent)) {
    const u = new URL(absoluteUrl);
    return `intent://${u.host}${u.pathname}${u.search}#Intent;scheme=${u.protocol.replace(':', '')};package=com.android.chrome;end`;
  }
  return null;
}
