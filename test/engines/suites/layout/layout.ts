/**
 * The layout check (decisions 0132, 0144): every page of the page table, as a visitor and as
 * the seeded member, plus each tab of the pages that have tabs, the write forms with a book
 * chosen and the book picker with results, at 280, 305, 320 and 360 px in four display modes
 * (layout-plan.ts: all of them in Chromium, a rotating share in Firefox and WebKit) —
 * measured by one probe run in the page (layout-probe.ts) that returns every finding at once.
 * Width and display mode change without a reload: the viewport is resized, and the display
 * attributes are set on `<html>` as 화면 설정 sets them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGIN_PATH, HOME_PATH } from '#shared/routes.ts';
import { READER01 } from '#test/fixtures/members.ts';
import { pageAt, queryStates, readerPages, urlOf, WITH_TABS } from '#test/fixtures/page-states.ts';
import { clickWhenShown, settled, typeWhenShown, waitFor, type Engine, type Session } from '../../drivers/browser.ts';
import { probeSource, type Finding } from './layout-probe.ts';
import { combinationsFor, LAYOUT_WIDTHS } from './layout-plan.ts';

const HEIGHT = 720;

/** In the page: sets the display attributes on <html> (null: as the server rendered them). */
function setDisplay(attributes: Record<string, string> | null): boolean {
  const root = document.documentElement;
  const w = window as unknown as { __layoutOriginal?: Record<string, string | null> };
  const names = ['data-krds-mode', 'data-text-size'];
  w.__layoutOriginal ??= Object.fromEntries(names.map((n) => [n, root.getAttribute(n)]));
  const want = attributes ?? w.__layoutOriginal;
  for (const n of names) {
    const v = want[n];
    if (v === null || v === undefined) root.removeAttribute(n);
    else root.setAttribute(n, v);
  }
  return true;
}

function tabLinks(): string[] {
  return Array.from(document.querySelectorAll<HTMLAnchorElement>('.tabs a[href]')).map((a) => {
    const u = new URL(a.href);
    return u.pathname + u.search;
  });
}

export interface LayoutTarget {
  engine: Engine;
  origin: string;
}

async function signIn(s: Session, origin: string): Promise<void> {
  await s.goto(new URL(LOGIN_PATH, origin).href);
  await settled(s, LOGIN_PATH, true);
  await typeWhenShown(s, { css: '#user_id' }, READER01.id);
  await typeWhenShown(s, { css: '#user_pass' }, READER01.password);
  await clickWhenShown(s, { css: '.login__form button[type="submit"]' });
  await settled(s, HOME_PATH, true);
}

const overlayShown = () => Boolean(document.querySelector('.loading-overlay.is-visible'));

/**
 * The probe's findings on a page at rest. The loading overlay shows 150 ms into a request (a
 * page's data fetched after hydration, say): one that appeared while the probe ran would be
 * found covering every control. A probe that saw it (at its end, or under a finding) is run
 * again once the overlay is gone; an overlay that never goes fails the wait.
 */
async function probeStill(s: Session, probe: string, where: { page: string; width: number; mode: string; engine: string }): Promise<Finding[]> {
  for (let attempt = 1; ; attempt++) {
    await waitFor(`${where.page} still (no loading overlay)`, async () => !(await s.evaluate(overlayShown)));
    const found = await s.evaluateSource<Finding[]>(probe, [where]);
    const overlaid = found.some((f) => f.figures.includes('loading-overlay')) || (await s.evaluate(overlayShown));
    if (!overlaid || attempt === 5) return found;
  }
}

/** Measures every page for one kind of reader; returns all findings (never throws on a finding). */
export async function measureLayout(target: LayoutTarget, member: boolean, log: (line: string) => void): Promise<Finding[]> {
  const { engine, origin } = target;
  const first = LAYOUT_WIDTHS[0];
  const s = await engine.newSession({ viewport: { width: first, height: HEIGHT }, javaScript: true });
  const probe = probeSource();
  const findings: Finding[] = [];
  try {
    if (member) await signIn(s, origin);
    const queue: string[] = [...readerPages(member).map(urlOf), ...queryStates(member)];
    const done = new Set<string>();
    let width: number = first;
    const only = process.env['LAYOUT_ONLY'] ? new RegExp(process.env['LAYOUT_ONLY']) : null;
    while (queue.length) {
      const path = queue.shift();
      if (!path || done.has(path)) continue;
      // LAYOUT_ONLY=<regular expression>: only the states whose path matches (to look again at a few).
      if (only && !only.test(path)) continue;
      // The state's number in the order measured chooses its share of widths and modes (layout-plan.ts).
      const combinations = combinationsFor(engine.name, done.size);
      done.add(path);
      const started = Date.now();
      await s.goto(new URL(path, origin).href);
      await settled(s, path, true);
      const page = pageAt(path);
      if (page && WITH_TABS.has(page.id)) {
        for (const tab of await s.evaluate(tabLinks)) if (!done.has(tab)) queue.unshift(tab);
      }
      // One real key press, so focus from here on is keyboard focus (:focus-visible) in every engine.
      await s.press('Tab');
      for (const c of combinations) {
        if (c.width !== width) {
          width = c.width;
          await s.resize({ width, height: HEIGHT });
        }
        await waitFor(`a ${width} px viewport`, () => s.evaluate((w: number) => document.documentElement.clientWidth <= w && innerWidth === w, width));
        for (const mode of c.modes) {
          await s.evaluate(setDisplay, mode.attributes);
          findings.push(...(await probeStill(s, probe, { page: path, width, mode: mode.name, engine: engine.name })));
          // LAYOUT_SHOTS=<folder>: the window as the probe saw it, to look at (a PNG per page, width and mode).
          const shots = process.env['LAYOUT_SHOTS'];
          if (shots) {
            mkdirSync(shots, { recursive: true });
            const name = `${engine.name}-${member ? 'member' : 'visitor'}-${width}-${mode.slug}${path.replace(/[^A-Za-z0-9]+/g, '_')}.png`;
            writeFileSync(join(shots, name), await s.screenshot());
          }
        }
        await s.evaluate(setDisplay, null);
      }
      log(`${engine.name} ${member ? 'member' : 'visitor'} ${path}: ${Date.now() - started} ms, ${findings.length} findings so far`);
    }
  } finally {
    await s.close();
  }
  return findings;
}

/** Findings grouped: one line per page, element and kind, with the widths and modes it was seen at. */
export function describeFindings(findings: readonly Finding[]): string {
  const groups = new Map<string, { f: Finding; where: Set<string> }>();
  for (const f of findings) {
    const key = `${f.page}|${f.selector}|${f.what}`;
    const g = groups.get(key) ?? { f, where: new Set<string>() };
    g.where.add(`${f.width} ${f.mode}`);
    groups.set(key, g);
  }
  return [...groups.values()].map(({ f, where }) => `${f.page} [${[...where].join('; ')}] ${f.selector}: ${f.what} — ${f.figures}`).join('\n');
}
