/**
 * The layout check's probe (decision 0132): one function run in the page that measures the
 * page as laid out now and returns every finding at once. It is sent as source, its parts
 * (one function for each kind of check, below it) and the pure rules of layout-rules.ts beside
 * it, so each stands alone: no imports, nothing from this module but the parts it is sent with.
 *
 * Markers it honours, set in client/ where the design means it:
 * - `data-ellipsis` on an element whose one line of text is meant to end in "…" when too long;
 * - `data-scroll-hint` on a horizontally scrolling strip (or an ancestor) that shows it scrolls;
 * - `data-graphic` with `aria-hidden="true"` on glyphs drawn as a graphic beside their meaning in
 *   text (the rating's ★): judged at 3:1 as a graphic, not at 4.5:1 as text; and on a picture
 *   that keeps its light ground in 고대비 (the barcode, the 기본 swatch of 화면 설정).
 */
import { composite, contrastRatio, isLargeText, parseColor, spacedEnough, splitsWord, type Box, type Rgba } from './layout-rules.ts';

export interface ProbeOptions {
  [key: string]: string | number;
  page: string;
  width: number;
  mode: string;
  engine: string;
}

export interface Finding {
  [key: string]: string | number;
  page: string;
  width: number;
  mode: string;
  selector: string;
  what: string;
  figures: string;
}

interface Rules {
  parseColor: typeof parseColor;
  composite: typeof composite;
  contrastRatio: typeof contrastRatio;
  isLargeText: typeof isLargeText;
  splitsWord: typeof splitsWord;
  spacedEnough: typeof spacedEnough;
}

/** What every part of the probe shares: the options, the rules, the window and the findings. */
interface Probe {
  o: ProbeOptions;
  lib: Rules;
  findings: Finding[];
  /** The window's width without its scrollbar, and its height. */
  vw: number;
  vh: number;
  /** Every control a person can reach (a selector). */
  control: string;
  r1: (n: number) => number;
  rgb: (c: Rgba) => string;
  selectorOf: (el: Element) => string;
  textOf: (el: Element) => string;
  add: (el: Element, what: string, figures: string) => void;
  cs: (el: Element) => CSSStyleDeclaration;
  shown: (el: Element) => boolean;
  scrollerX: (s: CSSStyleDeclaration) => boolean;
  clipsX: (s: CSSStyleDeclaration) => boolean;
  clipsY: (s: CSSStyleDeclaration) => boolean;
  backgroundOf: (el: Element) => Rgba | null;
  opacityOf: (el: Element) => number;
  blockOf: (el: Element) => Element | null;
}

/**
 * The probe: every part below in turn, on the page at rest, then the page as it was (focus,
 * scroll positions, smooth scrolling). The parts are sent with it (probeSource), so each calls
 * only the parts and the rules it is given.
 */
export function layoutProbe(o: ProbeOptions, lib: Rules): Finding[] {
  settle();
  // Focus scrolls at once, not smoothly, so boxes are read where the scroll ends.
  const root = document.documentElement;
  const smooth = root.style.scrollBehavior;
  root.style.scrollBehavior = 'auto';
  const p = probeContext(o, lib);
  checkText(p);
  checkGraphics(p);
  checkScrollStrips(p);
  checkProgressBars(p);
  checkHighContrast(p);
  const controls = Array.from(document.querySelectorAll(p.control)).filter((el) => p.shown(el) || (el instanceof HTMLInputElement && el.labels?.length));
  checkTargets(p, controls);
  checkFocus(p, controls);
  root.style.scrollBehavior = smooth;
  return p.findings;
}

/** Transitions and animations at their end: what a person sees once the page is still. */
function settle(): void {
  for (const a of document.getAnimations()) {
    try {
      a.finish();
    } catch {
      // an endless animation (a spinner): left running
    }
  }
}

/** The shared helpers: computed styles (cached), what is shown, backgrounds, and `add` for a finding (once per element and kind). */
function probeContext(o: ProbeOptions, lib: Rules): Probe {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const r1 = (n: number) => Math.round(n * 10) / 10;
  const vw = document.documentElement.clientWidth;
  const vh = innerHeight;

  const selectorOf = (el: Element): string => {
    const parts: string[] = [];
    let e: Element | null = el;
    while (e && e !== document.body && parts.length < 4) {
      let part = e.tagName.toLowerCase();
      if (e.id) {
        parts.unshift(`${part}#${e.id}`);
        break;
      }
      const cls = Array.from(e.classList).slice(0, 2);
      if (cls.length) part += `.${cls.join('.')}`;
      const parent: Element | null = e.parentElement;
      if (parent) {
        const same = Array.from(parent.children).filter((c) => c.tagName === e?.tagName);
        if (same.length > 1) part += `:nth-of-type(${same.indexOf(e) + 1})`;
      }
      parts.unshift(part);
      e = parent;
    }
    return parts.join(' > ');
  };
  const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  const add = (el: Element, what: string, figures: string) => {
    const selector = selectorOf(el);
    const key = `${selector}|${what}`;
    if (seen.has(key)) return;
    seen.add(key);
    findings.push({ page: o.page, width: o.width, mode: o.mode, selector, what, figures });
  };

  const styleCache = new Map<Element, CSSStyleDeclaration>();
  const cs = (el: Element) => {
    let s = styleCache.get(el);
    if (!s) styleCache.set(el, (s = getComputedStyle(el)));
    return s;
  };
  /** Shown to a sighted person: has a box, not hidden, not the 1 px box of visually hidden text. */
  const shown = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const s = cs(e);
      if (s.visibility === 'hidden' || s.display === 'none' || s.opacity === '0') return false;
      if (s.clip !== 'auto' && s.clip !== '' && s.position === 'absolute') return false;
      if (s.clipPath.startsWith('inset(50%') || s.clipPath.startsWith('inset(100%')) return false;
      if (e.getAttribute('aria-hidden') === 'true' && e === el) break;
    }
    return true;
  };
  const scrollerX = (s: CSSStyleDeclaration) => s.overflowX === 'auto' || s.overflowX === 'scroll';
  const clipsX = (s: CSSStyleDeclaration) => s.overflowX === 'hidden' || s.overflowX === 'clip';
  const clipsY = (s: CSSStyleDeclaration) => s.overflowY === 'hidden' || s.overflowY === 'clip';

  const backgroundOf = (el: Element): Rgba | null => {
    const layers: Rgba[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const s = cs(e);
      if (s.backgroundImage !== 'none') return null;
      const c = lib.parseColor(s.backgroundColor);
      if (!c) return null;
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let bg: Rgba = [255, 255, 255, 1];
    for (const layer of layers.reverse()) bg = lib.composite(layer, bg);
    return bg;
  };
  const opacityOf = (el: Element) => {
    let a = 1;
    for (let e: Element | null = el; e; e = e.parentElement) a *= Number(cs(e).opacity);
    return a;
  };
  const blockOf = (el: Element): Element | null => {
    for (let e: Element | null = el; e; e = e.parentElement) if (!/^(inline|contents)$/.test(cs(e).display)) return e;
    return null;
  };
  const control = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"], [tabindex]:not([tabindex="-1"])';
  const rgb = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
  return { o, lib, findings, vw, vh, control, r1, rgb, selectorOf, textOf, add, cs, shown, scrollerX, clipsX, clipsY, backgroundOf, opacityOf, blockOf };
}

/** The boxes of a text node's characters, read through one range. */
function characterBoxes(range: Range) {
  const charBox = (t: Text, i: number): DOMRect | null => {
    range.setStart(t, i);
    range.setEnd(t, i + 1);
    const rects = range.getClientRects();
    const r = rects[0];
    return r && r.width > 0 ? r : null;
  };
  /** The first index at or after i whose character has a box (collapsed spaces have none). */
  const boxedFrom = (t: Text, i: number, end: number): [number, DOMRect] | null => {
    for (let k = i; k < end; k++) {
      const b = charBox(t, k);
      if (b) return [k, b];
    }
    return null;
  };
  return { charBox, boxedFrom };
}

/** Text, node by node: clipped or off the window, a word broken inside a node or between two, contrast. */
function checkText(p: Probe): void {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n as Text;
    const parent = t.parentElement;
    if (!parent || !t.data.trim() || parent.closest('script, style, noscript, template, svg, option')) continue;
    if (!p.shown(parent)) continue;
    texts.push(t);
  }
  const range = document.createRange();
  const { charBox, boxedFrom } = characterBoxes(range);
  const contrastDone = new Set<Element>();
  type Prev = { t: Text; top: number; height: number; block: Element | null };
  let prevText: Prev | null = null;

  for (const t of texts) {
    const parent = t.parentElement as Element;
    range.selectNodeContents(t);
    const lines = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
    if (!lines.length) continue;
    const box = range.getBoundingClientRect();
    checkTextBox(p, parent, box, lines);
    const data = t.data;
    if (lines.length > 1) checkBreaksInside(p, t, boxedFrom);
    // Broken between this node and the one before, in the same line of text.
    const lead = boxedFrom(t, 0, Math.min(data.length, 4));
    const block = p.blockOf(parent);
    if (prevText && lead) {
      const prev: Prev = prevText;
      const between = document.createRange();
      between.setStart(prev.t, prev.t.data.length);
      between.setEnd(t, 0);
      const sameRun = prev.block === block && !between.cloneContents().querySelector('br');
      if (sameRun && lead[1].top > prev.top + prev.height / 2 && p.lib.splitsWord(prev.t.data, data)) {
        p.add(parent, 'a word or a number broken across lines', `"${prev.t.data.trim().slice(-6)}/${data.trim().slice(0, 6)}"`);
      }
    }
    const lastIdx = data.trimEnd().length - 1;
    const last = lastIdx >= 0 ? charBox(t, lastIdx) : null;
    prevText = last ? { t, top: last.top, height: last.height, block } : null;

    // Contrast (once per element); disabled controls are exempt (WCAG 1.4.3).
    if (!contrastDone.has(parent) && !parent.closest(':disabled, [aria-disabled="true"]')) {
      contrastDone.add(parent);
      checkTextContrast(p, parent);
    }
  }
}

/** A text's box: clipped by an ancestor that hides overflow (not an intended ellipsis), or off the window sideways. */
function checkTextBox(p: Probe, parent: Element, box: DOMRect, lines: DOMRect[]): void {
  const { r1, vw } = p;
  // Clipped by an ancestor that hides overflow (not a scroller), unless an intended ellipsis.
  const ellipsis = parent.closest('[data-ellipsis]');
  let clipped = false;
  for (let e: Element | null = parent; e && e !== document.documentElement; e = e.parentElement) {
    const s = p.cs(e);
    if (p.scrollerX(s)) break;
    const hx = p.clipsX(s);
    const hy = p.clipsY(s);
    if (!hx && !hy) continue;
    const r = e.getBoundingClientRect();
    const bl = parseFloat(s.borderLeftWidth) || 0;
    const bt = parseFloat(s.borderTopWidth) || 0;
    const inner = { left: r.left + bl, right: r.left + bl + e.clientWidth, top: r.top + bt, bottom: r.top + bt + e.clientHeight };
    const outX = hx && (box.left < inner.left - 1 || box.right > inner.right + 1);
    const outY = hy && (box.top < inner.top - 1 || box.bottom > inner.bottom + 1);
    if (!outX && !outY) continue;
    clipped = true;
    const oneLine = lines.every((l) => Math.abs(l.top - (lines[0]?.top ?? 0)) < 1) && p.cs(ellipsis ?? parent).textOverflow === 'ellipsis';
    // An intended one-line ellipsis: marked, and one line.
    if (ellipsis && oneLine) break;
    p.add(parent, 'text clipped inside its box', `"${p.textOf(parent)}": text ${r1(box.left)}–${r1(box.right)} × ${r1(box.top)}–${r1(box.bottom)}, box ${r1(inner.left)}–${r1(inner.right)} × ${r1(inner.top)}–${r1(inner.bottom)} (${p.selectorOf(e)})`);
    break;
  }
  // Off the window sideways, where nothing scrolls it back.
  if (!clipped && (box.left < -1 || box.right > vw + 1) && !parent.closest('[data-scroll-hint]')) {
    let inScroller = false;
    for (let e: Element | null = parent; e; e = e.parentElement) if (p.scrollerX(p.cs(e)) && e !== document.documentElement && e !== document.body) inScroller = true;
    if (!inScroller) p.add(parent, 'text outside the window', `"${p.textOf(parent)}": ${r1(box.left)}–${r1(box.right)} in a ${vw} px window`);
  }
}

/** A word or a number broken across lines inside one text node: each line's first character found by galloping, then bisecting. */
function checkBreaksInside(p: Probe, t: Text, boxedFrom: ReturnType<typeof characterBoxes>['boxedFrom']): void {
  const parent = t.parentElement as Element;
  const data = t.data;
  let i = 0;
  let first = boxedFrom(t, 0, data.length);
  while (first) {
    const [start, sb] = first;
    i = start;
    const nextLine = (b: DOMRect) => b.top > sb.top + sb.height / 2;
    // Is there any later character on a later line? Gallop, then bisect.
    let lo = i;
    let hi = -1;
    for (let step = 1; ; step *= 2) {
      const k = Math.min(i + step, data.length - 1);
      const kb = boxedFrom(t, k, data.length);
      if (!kb) break;
      if (nextLine(kb[1])) {
        hi = kb[0];
        break;
      }
      lo = kb[0];
      if (k === data.length - 1) break;
    }
    if (hi < 0) break;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const mb = boxedFrom(t, mid, hi);
      if (!mb) {
        hi = mid;
        continue;
      }
      if (nextLine(mb[1])) hi = mb[0];
      else lo = mb[0] === lo ? mid : mb[0];
    }
    // The break falls before character `hi`.
    const before = data.slice(0, hi).replace(/\s+$/, (m) => (m ? ' ' : ''));
    const after = data.slice(hi);
    if (p.lib.splitsWord(before, after)) {
      const word = `${data.slice(Math.max(0, hi - 6), hi)}/${data.slice(hi, hi + 6)}`.replace(/\s+/g, ' ');
      p.add(parent, 'a word or a number broken across lines', `"${word.trim()}" in "${p.textOf(parent)}"`);
    }
    first = boxedFrom(t, hi, data.length);
    if (first && first[0] <= i) break;
  }
}

/** An element's text against what it is seen on: 4.5:1, or 3:1 for large text and glyphs marked as a graphic. */
function checkTextContrast(p: Probe, parent: Element): void {
  const { lib } = p;
  const s = p.cs(parent);
  const fg = lib.parseColor(s.color);
  const bg = p.backgroundOf(parent);
  if (!fg || !bg) return;
  const seenFg = lib.composite([fg[0], fg[1], fg[2], fg[3] * p.opacityOf(parent)], bg);
  const ratio = lib.contrastRatio(seenFg, bg);
  const large = lib.isLargeText(parseFloat(s.fontSize), Number(s.fontWeight));
  // Glyphs hidden from assistive technology and marked as a graphic (★ beside the
  // rating's number) are a graphic, not text: 3:1 (WCAG 1.4.11).
  const graphic = parent.closest('[data-graphic][aria-hidden="true"]') !== null;
  const need = large || graphic ? 3 : 4.5;
  if (ratio < need - 0.005) p.add(parent, `text below ${need}:1 contrast`, `"${p.textOf(parent)}": ${ratio.toFixed(2)}:1, ${s.color} on rgb(${bg.slice(0, 3).map(Math.round).join(', ')}), ${s.fontSize} ${s.fontWeight}`);
}

/** Meaningful graphics (an image role with a name): the shape that stands out most against the background, 3:1. */
function checkGraphics(p: Probe): void {
  const { lib } = p;
  for (const svg of Array.from(document.querySelectorAll('svg[role="img"], svg[aria-label], [role="img"][aria-label] svg'))) {
    if (!p.shown(svg) || svg.closest('[aria-hidden="true"]')) continue;
    const bg = p.backgroundOf(svg.parentElement ?? svg);
    if (!bg) continue;
    let best = 0;
    let bestPaint = '';
    for (const shape of Array.from(svg.querySelectorAll('path, rect, circle, ellipse, line, polyline, polygon, text'))) {
      const s = p.cs(shape);
      for (const paint of [s.fill, s.stroke]) {
        if (!paint || paint === 'none' || paint.startsWith('url')) continue;
        const fg = lib.parseColor(paint);
        if (!fg || fg[3] === 0) continue;
        const ratio = lib.contrastRatio(lib.composite(fg, bg), bg);
        if (ratio > best) [best, bestPaint] = [ratio, paint];
      }
    }
    if (bestPaint && best < 3 - 0.005) p.add(svg, 'graphic below 3:1 contrast', `${best.toFixed(2)}:1 at most, ${bestPaint} on rgb(${bg.slice(0, 3).map(Math.round).join(', ')})`);
  }
}

/** Horizontally scrolling strips: the selected item in view, and a sign that the strip scrolls. */
function checkScrollStrips(p: Probe): void {
  const { r1 } = p;
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const s = p.cs(el);
    if (!p.scrollerX(s) || el.scrollWidth <= el.clientWidth + 1 || !p.shown(el)) continue;
    // Strips of controls (tabs): a table's own scroller is another matter (a table that cannot fit becomes a list).
    if (el.matches('pre, textarea') || el.querySelector('table') || el.querySelectorAll('a[href], button').length < 2) continue;
    const r = el.getBoundingClientRect();
    const selected = el.querySelector('[aria-current="page"], [aria-selected="true"]');
    if (selected) {
      const sr = selected.getBoundingClientRect();
      if (sr.left < r.left - 1 || sr.right > r.right + 1) p.add(selected, 'the selected item of a scrolling strip is cut', `"${p.textOf(selected)}": ${r1(sr.left)}–${r1(sr.right)} in a strip ${r1(r.left)}–${r1(r.right)}`);
    }
    if (!el.closest('[data-scroll-hint]') && !el.querySelector('[data-scroll-hint]')) {
      p.add(el, 'a strip that scrolls without showing it', `content ${el.scrollWidth} px in ${el.clientWidth} px, no [data-scroll-hint]`);
    }
  }
}

/** Progress bars drawn by the portal alike in every engine (no native one), their track and fill seen at 3:1. */
function checkProgressBars(p: Probe): void {
  const { lib, rgb } = p;
  for (const bar of Array.from(document.querySelectorAll('progress, meter'))) {
    if (p.shown(bar)) p.add(bar, 'a native progress bar (each engine draws its own)', `<${bar.tagName.toLowerCase()}>: its track and fill differ by engine and mode`);
  }
  for (const bar of Array.from(document.querySelectorAll('[role="progressbar"]'))) {
    const around = p.backgroundOf(bar.parentElement ?? bar);
    // The widest shape is the track, the next the fill (an SVG bar: meter.tsx).
    const shapes = Array.from(bar.querySelectorAll('rect, path')).sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width);
    const track = shapes[0] ? lib.parseColor(p.cs(shapes[0]).fill) : null;
    const fill = shapes[1] ? lib.parseColor(p.cs(shapes[1]).fill) : null;
    if (!p.shown(bar) || !around || !track || !fill) continue;
    const bs = p.cs(bar);
    const border = parseFloat(bs.borderTopWidth) >= 1 ? lib.parseColor(bs.borderTopColor) : null;
    const trackSeen = lib.composite(track, around);
    const edge = Math.max(lib.contrastRatio(trackSeen, around), border ? lib.contrastRatio(lib.composite(border, around), around) : 0);
    if (edge < 3 - 0.005) p.add(bar, 'a progress bar whose track cannot be seen', `track ${rgb(trackSeen)}${border ? `, edge ${rgb(border)}` : ''} on ${rgb(around)}: ${edge.toFixed(2)}:1`);
    const amount = lib.contrastRatio(lib.composite(fill, trackSeen), trackSeen);
    if (amount < 3 - 0.005) p.add(bar, 'a progress bar whose fill cannot be told from its track', `fill ${rgb(fill)} on ${rgb(trackSeen)}: ${amount.toFixed(2)}:1`);
  }
}

/** In 고대비, no light box left on the dark page (a tint the light palette keeps). */
function checkHighContrast(p: Probe): void {
  const { lib } = p;
  const krdsMode = document.documentElement.getAttribute('data-krds-mode');
  if (!(krdsMode === 'high-contrast' || (krdsMode === null && matchMedia('(prefers-contrast: more)').matches))) return;
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const paint = lib.parseColor(p.cs(el).backgroundColor);
    if (!paint || paint[3] < 0.5) continue;
    // Controls and selected items are filled on purpose (KRDS's high-contrast fills); a graphic shows what it shows (a barcode).
    if (el.closest(`${p.control}, [aria-current], [aria-selected="true"], [data-graphic]`)) continue;
    const r = el.getBoundingClientRect();
    if (r.width * r.height < 64 || !p.shown(el)) continue;
    const seen = lib.composite(paint, p.backgroundOf(el.parentElement ?? el) ?? [0, 0, 0, 1]);
    // Relative luminance from the contrast with black: above 0.5 is a light surface (KRDS's high-contrast fills are below 0.45).
    const luminance = lib.contrastRatio(seen, [0, 0, 0, 1]) * 0.05 - 0.05;
    if (luminance > 0.5) p.add(el, 'a light box in 고대비', `"${p.textOf(el)}": background ${p.rgb(seen)}, luminance ${luminance.toFixed(2)}`);
  }
}

/** Controls: none outside the window, and none under 24 × 24 px too close to another (WCAG 2.5.8). */
function checkTargets(p: Probe, controls: Element[]): void {
  const { r1, vw } = p;
  /** A control's target: a radio or a checkbox together with its label (clicking either works). */
  const targetBox = (el: Element): Box => {
    let r: Box = el.getBoundingClientRect();
    if (el instanceof HTMLInputElement && el.labels) {
      for (const label of Array.from(el.labels)) {
        const l = label.getBoundingClientRect();
        if (l.width < 2) continue;
        if (r.width < 2) r = l;
        const left = Math.min(r.left, l.left);
        const top = Math.min(r.top, l.top);
        r = { left, top, width: Math.max(r.left + r.width, l.right) - left, height: Math.max(r.top + r.height, l.bottom) - top };
      }
    }
    return r;
  };
  const boxes = controls.map((el) => ({ el, box: targetBox(el) })).filter((c) => c.box.width >= 2 && c.box.height >= 2);
  const inlineInText = (el: Element) => {
    if (el.tagName !== 'A') return false;
    const block = p.blockOf(el);
    if (!block || block === el) return false;
    const own = (el.textContent ?? '').trim().length;
    return (block.textContent ?? '').trim().length > own + 10;
  };
  const small = boxes.map((c) => ({ ...c, small: c.box.width < 24 - 0.01 || c.box.height < 24 - 0.01 }));
  for (const c of small) {
    const { el, box } = c;
    if (box.left < -1 || box.left + box.width > vw + 1) {
      let inScroller = false;
      for (let e: Element | null = el.parentElement; e && e !== document.body; e = e.parentElement) if (p.scrollerX(p.cs(e))) inScroller = true;
      if (!inScroller && !el.matches('.skip-link, .skip-link *')) p.add(el, 'a control outside the window', `"${p.textOf(el)}": ${r1(box.left)}–${r1(box.left + box.width)} in a ${vw} px window`);
    }
    if (!c.small || inlineInText(el)) continue;
    const others = small.filter((x) => x !== c && !x.el.contains(el) && !el.contains(x.el)).map((x) => ({ box: x.box, small: x.small }));
    if (!p.lib.spacedEnough(box, others)) p.add(el, 'a target under 24 × 24 px, too close to another', `"${p.textOf(el) || el.getAttribute('aria-label') || ''}": ${r1(box.width)} × ${r1(box.height)} px`);
  }
}

/**
 * The page no wider than the window, then every control in tab order as tabbing reaches it:
 * a visible focus indicator, not under a fixed or sticky bar; then focus and scrolling as they were.
 */
function checkFocus(p: Probe, controls: Element[]): void {
  const { vw } = p;
  // Also where it is: an element that appears when focused (a skip link) shows its focus by appearing.
  const watched = ['outlineStyle', 'outlineWidth', 'outlineColor', 'boxShadow', 'borderTopColor', 'borderBottomColor', 'borderBottomWidth', 'backgroundColor', 'color', 'textDecorationLine', 'top', 'left', 'transform', 'clipPath'] as const;
  const snap = (el: Element) => {
    const s = getComputedStyle(el);
    return watched.map((k) => s[k]).join('|');
  };
  const around = (el: Element): Element[] => {
    const list: Element[] = [el];
    if (el.parentElement) list.push(el.parentElement);
    if (el instanceof HTMLInputElement && el.labels) list.push(...Array.from(el.labels));
    if (el.nextElementSibling) list.push(el.nextElementSibling);
    return list;
  };
  const fixedLayers = Array.from(document.body.querySelectorAll('*')).filter((e) => {
    const pos = p.cs(e).position;
    return (pos === 'fixed' || pos === 'sticky') && p.shown(e);
  });
  const active = document.activeElement;
  const scrolled = Array.from(document.body.querySelectorAll('*')).filter((e) => e.scrollLeft !== 0 || e.scrollTop !== 0).map((e) => [e, e.scrollLeft, e.scrollTop] as const);
  const scrollers = Array.from(document.body.querySelectorAll('*')).filter((e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight);
  const focusables = controls.filter((el) => {
    if (!(el instanceof HTMLElement) || (el as HTMLButtonElement).disabled || el.tabIndex < 0) return false;
    if (el.closest('[inert], dialog:not([open])')) return false;
    return p.shown(el) || (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox'));
  });
  const radioGroups = new Set<string>();
  // The whole page no wider than the window (decision 0053; at 390 px test/e2e/phone-layout.spec.ts).
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > vw) p.add(document.documentElement, 'the page scrolls sideways', `${pageWidth} px in a ${vw} px window`);
  if (!document.hasFocus()) p.add(document.body, 'the window has no keyboard focus (the check cannot see focus styles)', '');
  // The element focused at the start (by the real Tab key) goes last, so it is first seen
  // unfocused; nothing is blurred, so focus stays keyboard focus (:focus-visible) throughout.
  const order = [...(focusables as HTMLElement[]).filter((e) => e !== active), ...(focusables as HTMLElement[]).filter((e) => e === active)];
  for (const el of order) {
    if (el instanceof HTMLInputElement && el.type === 'radio') {
      // A radio group is one stop of the tab order: its checked radio (or its first).
      const key = `${el.form ? 'f' : 'd'}:${el.name}`;
      if (el.name && radioGroups.has(key)) continue;
      if (el.name) radioGroups.add(key);
    }
    const before = around(el).map(snap);
    // As the keyboard focuses it: `focusVisible` where the engine knows it (WebKit otherwise
    // decides by the previous focus), keyboard modality from the real Tab press elsewhere.
    el.focus({ focusVisible: true } as FocusOptions);
    if (document.activeElement !== el) continue;
    // WebKit reveals a focused element at its next rendering update, after this synchronous
    // probe has read it: there, what it will do is done now (nearest edge, scroll-padding honoured).
    const shownAt = el.getBoundingClientRect();
    if (shownAt.bottom < 4 || shownAt.top > p.vh - 4 || shownAt.right < 4 || shownAt.left > vw - 4) el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    settle();
    const after = around(el).map(snap);
    const s = getComputedStyle(el);
    const nativeMark = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') && s.appearance !== 'none';
    let indicator = false;
    for (let k = 0; k < before.length; k++) {
      const b = (before[k] ?? '').split('|');
      const a = (after[k] ?? '').split('|');
      for (let w = 0; w < watched.length; w++) {
        if (a[w] === b[w]) continue;
        const prop = watched[w];
        if (prop === 'outlineColor' || prop === 'outlineWidth') continue;
        if (prop === 'outlineStyle' && a[w] === 'none') continue;
        // WebKit paints a native radio or checkbox itself: on the control, only its outline shows.
        if (k === 0 && nativeMark && p.o.engine === 'webkit' && prop !== 'outlineStyle') continue;
        indicator = true;
      }
    }
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) indicator = true;
    if (!indicator) p.add(el, 'no visible focus indicator', `"${p.textOf(el) || el.getAttribute('aria-label') || (el as HTMLInputElement).name || ''}": computed outline, shadow, border and colours the same focused`);
    checkCovered(p, el, s, fixedLayers);
  }
  if (active instanceof HTMLElement) active.focus({ preventScroll: true });
  else (document.activeElement as HTMLElement | null)?.blur();
  settle();
  for (const e of scrollers) e.scrollTo({ left: 0, top: 0, behavior: 'instant' });
  for (const [e, left, top] of scrolled) e.scrollTo({ left, top, behavior: 'instant' });
  scrollTo({ top: 0, left: 0, behavior: 'instant' });
}

/** A focused element outside the window, or covered by a fixed or sticky layer not its own: sampled on a 5 × 5 grid. */
function checkCovered(p: Probe, el: HTMLElement, s: CSSStyleDeclaration, fixedLayers: Element[]): void {
  const { r1, vw, vh } = p;
  const r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2 || r.height > vh * 0.6) return;
  let covered = 0;
  let sampled = 0;
  let by: Element | null = null;
  // A point cut off by a rounded corner is not the element's: what is seen there is what is behind it.
  const radius = (v: string) => Math.min(parseFloat(v) || 0, r.width / 2, r.height / 2);
  const corners = [
    [radius(s.borderTopLeftRadius), r.left, r.top, 1, 1],
    [radius(s.borderTopRightRadius), r.right, r.top, -1, 1],
    [radius(s.borderBottomLeftRadius), r.left, r.bottom, 1, -1],
    [radius(s.borderBottomRightRadius), r.right, r.bottom, -1, -1],
  ] as const;
  const cutOff = (x: number, y: number) =>
    corners.some(([k, cx, cy, dx, dy]) => {
      const ox = cx + dx * k;
      const oy = cy + dy * k;
      return k > 0 && (x - ox) * dx < 0 && (y - oy) * dy < 0 && Math.hypot(x - ox, y - oy) > k;
    });
  for (let gx = 0; gx < 5; gx++) {
    for (let gy = 0; gy < 5; gy++) {
      const x = r.left + 2 + ((r.width - 4) * gx) / 4;
      const y = r.top + 2 + ((r.height - 4) * gy) / 4;
      if (x < 0 || y < 0 || x >= vw || y >= vh || cutOff(x, y)) continue;
      sampled++;
      const top = document.elementFromPoint(x, y);
      if (!top || el.contains(top) || top.contains(el)) continue;
      const layer = fixedLayers.find((f) => f.contains(top) && !f.contains(el));
      if (layer) {
        covered++;
        by = layer;
      }
    }
  }
  if (sampled === 0) p.add(el, 'a focused element outside the window', `"${p.textOf(el)}": ${r1(r.top)}–${r1(r.bottom)} in ${vh} px`);
  else if (covered >= 2 && by) {
    const b = by.getBoundingClientRect();
    p.add(el, 'a focused element covered by a fixed element', `"${p.textOf(el)}": ${Math.round((covered / sampled) * 100)}% under ${p.selectorOf(by)} (element ${r1(r.top)}–${r1(r.bottom)}, layer ${r1(b.top)}–${r1(b.bottom)} in ${vh} px)`);
  }
}

/** The parts of the probe, sent into the page as declarations beside it. */
const PARTS = [settle, probeContext, characterBoxes, checkText, checkTextBox, checkBreaksInside, checkTextContrast, checkGraphics, checkScrollStrips, checkProgressBars, checkHighContrast, checkTargets, checkFocus, checkCovered];

/** The probe as source, with its rules: `(options) => findings`. */
export function probeSource(): string {
  const rules = { parseColor, composite, contrastRatio, isLargeText, splitsWord, spacedEnough };
  const lib = Object.entries(rules).map(([name, fn]) => `${name}: (${fn.toString()})`).join(', ');
  return `(options) => {\n${PARTS.map((part) => part.toString()).join('\n')}\nreturn (${layoutProbe.toString()})(options, { ${lib} });\n}`;
}
