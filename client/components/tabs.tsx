/**
 * A strip of tab links (마이페이지, 활동 인증, 나의 독서 기록; decision 0131). On a phone the
 * strip scrolls sideways inside its own box: shadows at its edges say there is more (CSS
 * only, client/styles/pages.css .tabs), and the selected tab is scrolled into the strip's
 * view after each navigation and whenever the strip or its labels change size, so its label
 * is never cut. A tab is a change within the page (decision 0143): the page puts the focus at
 * what the tab shows and says which tab and how many entries (within-page.ts), not the layout.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { WITHIN_PAGE } from './within-page.ts';

export interface TabLink {
  key: string;
  to: string;
  label: string;
}

export function Tabs({ label, items, current, className = '' }: { label: string; items: readonly TabLink[]; current: string; className?: string }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const ul = list.current;
    if (!ul) return;
    const reveal = () => {
      const selected = ul.querySelector<HTMLElement>('[aria-current="page"]');
      if (!selected) return;
      // The strip only: scrollIntoView would move the page as well.
      const left = selected.offsetLeft - ul.offsetLeft;
      const right = left + selected.offsetWidth;
      // Room on either side for the next tab's edge, unless the tab itself is nearly as wide as the strip.
      const margin = Math.max(0, Math.min(32, (ul.clientWidth - selected.offsetWidth) / 2));
      if (left < ul.scrollLeft + margin) ul.scrollLeft = Math.max(0, left - margin);
      else if (right > ul.scrollLeft + ul.clientWidth - margin) ul.scrollLeft = right - ul.clientWidth + margin;
    };
    reveal();
    // Again when the labels or the strip change size: 화면 설정's text size or contrast switched
    // on the page (attributes on <html>), a turned phone, a resized window, a web font arriving
    // after the first reveal (the labels widen while the strip keeps its width).
    const attributes = new MutationObserver(reveal);
    attributes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-text-size', 'data-krds-mode'] });
    const sizes = new ResizeObserver(reveal);
    sizes.observe(ul);
    for (const tab of ul.children) sizes.observe(tab);
    return () => {
      attributes.disconnect();
      sizes.disconnect();
    };
  }, [current]);
  return (
    <nav className={`tabs ${className}`.trim()} aria-label={label}>
      {/* data-scroll-hint: the layout check's marker for a strip that shows it scrolls (decision 0132). */}
      <ul ref={list} data-scroll-hint>
        {items.map((t) => (
          <li key={t.key}>
            <Link className="tabs__link" to={t.to} state={WITHIN_PAGE} aria-current={t.key === current ? 'page' : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
