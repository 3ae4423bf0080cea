/**
 * Focus is never hidden (WCAG 2.2 SC 2.4.11; decision 0131): when an element takes the focus
 * off screen or under a fixed or sticky layer (the header's bar, the floating 독서 시작하기 bar),
 * it is scrolled into view at once (no smooth scroll: as the engines' own reveal, and a click
 * aimed at the page is not raced), to the nearest edge with the page's scroll-padding (which
 * reserves the bars' room). The engines' own reveal differs: Firefox may leave a focused element
 * partly under the floating bar, WebKit reveals at its next rendering update and not always.
 * Elements inside a fixed or sticky layer, and ones taller than the window, are left alone.
 */
const layered = (el: Element | null): boolean => {
  for (let e = el; e && e !== document.body; e = e.parentElement) {
    const p = getComputedStyle(e).position;
    if (p === 'fixed' || p === 'sticky') return true;
  }
  return false;
};

function hidden(el: HTMLElement): boolean {
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1 || r.height > innerHeight / 2) return false;
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  // Down the whole element, not only its edges: the floating bar floats above the window's
  // bottom, so a tall field's middle can be under it while its bottom edge shows below it.
  for (const k of [0, 0.25, 0.5, 0.75, 1]) {
    const y = r.top + 2 + k * (r.height - 4);
    if (y < 0 || y >= innerHeight) return true;
    const top = document.elementFromPoint(x, y);
    if (top && !el.contains(top) && !top.contains(el) && layered(top)) return true;
  }
  return false;
}

/** Installs the reveal; returns its removal. */
export function revealFocus(): () => void {
  const onFocusIn = (e: FocusEvent) => {
    const el = e.target;
    if (el instanceof HTMLElement && el !== document.body && !layered(el) && hidden(el)) el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  };
  document.addEventListener('focusin', onFocusIn);
  return () => document.removeEventListener('focusin', onFocusIn);
}
