/**
 * The pure rules of the layout check (decision 0132), unit-tested by Vitest
 * (layout-rules.test.ts) and sent into the page as source by layout-probe.ts: so each
 * function stands alone (no imports, no calls to its neighbours, only its own inner helpers).
 */

/** An sRGB colour with alpha (0–255 channels, alpha 0–1), or null for what cannot be read (a gradient, `oklch()`). */
export type Rgba = [number, number, number, number];

/** A computed CSS colour as the engines give it: `rgb()`, `rgba()`, or `color(srgb r g b / a)`. */
export function parseColor(css: string): Rgba | null {
  const s = css.trim().toLowerCase();
  if (s === 'transparent') return [0, 0, 0, 0];
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(s);
  if (rgb) {
    const a = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] === '%' ? 100 : 1);
    return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), a];
  }
  const srgb = /^color\(srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.]+)(%?))?\s*\)$/.exec(s);
  if (srgb) {
    const a = srgb[4] === undefined ? 1 : Number(srgb[4]) / (srgb[5] === '%' ? 100 : 1);
    return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, a];
  }
  return null;
}

/** `top` painted over `bottom` (source-over): the colour a person sees. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3] + bottom[3] * (1 - top[3]);
  if (a === 0) return [0, 0, 0, 0];
  const ch = (i: 0 | 1 | 2) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
  return [ch(0), ch(1), ch(2), a];
}

/** WCAG 2.2 contrast ratio of two opaque colours (relative luminance, 1.4.3). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const lum = (c: Rgba) => {
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG's large text: at least 18 pt (24 px), or 14 pt (18.66 px) and bold. */
export function isLargeText(fontSizePx: number, fontWeight: number): boolean {
  return fontSizePx >= 24 || (fontSizePx >= 18.66 && fontWeight >= 700);
}

/**
 * Whether a line break between `before` (the text up to the break) and `after` (the text
 * from it) splits a Korean word or a number: two Hangul syllables, two digits, a digit and its
 * unit (1,219P, 21일, 30%), or a digit and the separator inside a number (1,000 · 3.5).
 * Also what is read as one thing though it holds spaces or Latin letters: a date
 * (2026. 11. | 29.), a masked name (송* | 연) and an e-mail address (reading@ | cbe.go.kr), which
 * may break only before its @.
 * Otherwise a break at a space, or between Latin letters (a web address may break), is allowed.
 * Each function stands alone (sent into the page as source), so its patterns are inside it.
 */
export function splitsWord(before: string, after: string): boolean {
  const l = before.slice(-1);
  const r = after.slice(0, 1);
  if (!l || !r) return false;
  const hangul = (c: string) => /[\uAC00-\uD7A3\u3131-\u318E]/.test(c);
  const digit = (c: string) => /[0-9]/.test(c);
  const unit = (c: string) => hangul(c) || /[A-Za-z%]/.test(c);
  if (hangul(l) && hangul(r)) return true;
  if (digit(l) && (digit(r) || unit(r))) return true;
  // 1,|000 and 1|,000: the separator between two digits.
  if (/[,.]/.test(l) && digit(r) && digit(before.slice(-2, -1))) return true;
  if (digit(l) && /[,.]/.test(r) && digit(after.slice(1, 2))) return true;
  // A masked name: the mask stands for a syllable (송*연, 김**).
  if ((l === '*' && hangul(r)) || (hangul(l) && r === '*') || (l === '*' && r === '*' && hangul(before.replace(/\*+$/, '').slice(-1)))) return true;
  // Whole things around the break: a date as the portal writes it, an e-mail address.
  const head = before.slice(-40);
  const text = head + after.slice(0, 40);
  const at = head.length;
  const inside = (m: RegExpMatchArray) => m.index !== undefined && m.index < at && at < m.index + m[0].length;
  for (const m of text.matchAll(/\d{4}\.\s*\d{1,2}\.\s*\d{1,2}\./g)) if (inside(m)) return true;
  // An address may break before its @ (the next line shows it goes on), nowhere else.
  for (const m of text.matchAll(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g)) if (inside(m) && text[at] !== '@') return true;
  return false;
}

/** A box in CSS pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * WCAG 2.2 SC 2.5.8's spacing exception for a target under 24 × 24: a 24 px circle centred on
 * it must not meet another target, nor the circle of another undersized target.
 */
export function spacedEnough(target: Box, others: readonly { box: Box; small: boolean }[]): boolean {
  const cx = target.left + target.width / 2;
  const cy = target.top + target.height / 2;
  for (const o of others) {
    const b = o.box;
    if (o.small) {
      const ox = b.left + b.width / 2;
      const oy = b.top + b.height / 2;
      if (Math.hypot(cx - ox, cy - oy) < 24) return false;
    } else {
      const dx = Math.max(b.left - cx, 0, cx - (b.left + b.width));
      const dy = Math.max(b.top - cy, 0, cy - (b.top + b.height));
      if (Math.hypot(dx, dy) < 12) return false;
    }
  }
  return true;
}
