/**
 * 화면 설정 (decision 0060): contrast and text size, remembered in a readable cookie so
 * the server writes them on `<html>` before the first paint. One cookie, `<contrast>.<size>`;
 * anything else in it is ignored (never echoed into the page).
 */
export const DISPLAY_COOKIE = 'portal_display';
/** One year, in seconds. */
export const DISPLAY_MAX_AGE_S = 365 * 24 * 60 * 60;
/** The server route a settings form posts to (works without JavaScript). */
export const DISPLAY_ROUTE = '/settings/display';

export const CONTRASTS = ['default', 'high-contrast'] as const;
export const TEXT_SIZES = ['normal', 'large', 'xlarge'] as const;
export type Contrast = (typeof CONTRASTS)[number];
export type TextSize = (typeof TEXT_SIZES)[number];

export interface DisplaySettings {
  contrast: Contrast;
  size: TextSize;
}

export const DEFAULT_DISPLAY: DisplaySettings = { contrast: 'default', size: 'normal' };

function oneOf<T extends string>(list: readonly T[], v: unknown): T | undefined {
  return list.find((x) => x === v);
}

/** The settings a cookie value holds, or undefined when it holds none (absent or not ours). */
export function parseDisplay(value: string | undefined): DisplaySettings | undefined {
  if (!value || value.length > 40) return undefined;
  const [c, s, ...rest] = value.split('.');
  const contrast = oneOf(CONTRASTS, c);
  const size = oneOf(TEXT_SIZES, s);
  return contrast && size && rest.length === 0 ? { contrast, size } : undefined;
}

/** Settings from a submitted form: each field must be one of the allowed values. */
export function displayFromForm(contrast: unknown, size: unknown): DisplaySettings | undefined {
  const c = oneOf(CONTRASTS, contrast);
  const s = oneOf(TEXT_SIZES, size);
  return c && s ? { contrast: c, size: s } : undefined;
}

export function formatDisplay(d: DisplaySettings): string {
  return `${d.contrast}.${d.size}`;
}

/**
 * The `<html>` attributes for chosen settings. An explicit 기본 is KRDS's light mode, so a
 * system preference for more contrast (honoured only without a choice) does not override it.
 */
export function displayAttributes(d: DisplaySettings | undefined): Record<string, string> {
  if (!d) return {};
  return { 'data-krds-mode': d.contrast === 'high-contrast' ? 'high-contrast' : 'light', 'data-text-size': d.size };
}

/** The settings in a `Cookie` header (or `document.cookie`), if any. */
export function displayFromCookies(header: string | null | undefined): DisplaySettings | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === DISPLAY_COOKIE) return parseDisplay(part.slice(at + 1).trim());
  }
  return undefined;
}
