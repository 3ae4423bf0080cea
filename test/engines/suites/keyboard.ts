/**
 * The keyboard-only member journey (decision 0131, decision 0132), at 360 px: sign in, 나의
 * 활동, a diary with the book picker, read it back, the mobile menu, 화면 설정, sign out — with
 * Tab, Enter and Escape only. After every change of page or dialog it asserts where the focus
 * went (a new page: its heading; a change within the page, a write's answer, a sign-out: where
 * decision 0143 puts it), and that the focused element can be seen: on screen, not under a fixed
 * bar, and (for a control) drawing a focus indicator.
 */
import assert from 'node:assert/strict';
import { HOME_PATH, LOGIN_PATH, hrefOf } from '#shared/routes.ts';
import { READER01 } from '#test/fixtures/members.ts';
import { settled, textShown, waitFor, type Engine, type Session } from '../drivers/browser.ts';

/** 소년이 온다 (한강, 창비): in the seeded catalogue; typed as digits (keys every engine sends alike). */
const ISBN = '9788936410841';
const PHONE = { width: 360, height: 720 };
const MOST_TABS = 120;

interface Focus {
  [key: string]: string | boolean;
  what: string;
  seen: boolean;
  why: string;
}

/** In the page: what has the focus, and whether a person can see it. */
function focusNow(): Focus {
  const el = document.activeElement;
  if (!el || el === document.body) return { what: 'body', seen: false, why: 'nothing focused' };
  const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
  const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${name}"`;
  const r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) return { what, seen: false, why: `a ${Math.round(r.width)} × ${Math.round(r.height)} box` };
  const x = Math.min(Math.max(r.left + r.width / 2, 1), innerWidth - 1);
  const y = Math.min(Math.max(r.top + Math.min(r.height / 2, 12), 1), innerHeight - 1);
  if (r.bottom < 1 || r.top > innerHeight - 1 || r.right < 1 || r.left > innerWidth - 1) return { what, seen: false, why: `off screen at ${Math.round(r.top)} (scrolled to ${Math.round(scrollY)} of ${document.documentElement.scrollHeight}, ${innerHeight} px high)` };
  const top = document.elementFromPoint(x, y);
  const label = el instanceof HTMLInputElement ? Array.from(el.labels ?? []) : [];
  if (top && !el.contains(top) && !top.contains(el) && !label.some((l) => l.contains(top))) return { what, seen: false, why: `covered by ${top.tagName.toLowerCase()}.${String(top.className).split(' ')[0]}` };
  const control = el.matches('a[href], button, input, select, textarea, summary');
  if (control) {
    const s = getComputedStyle(el);
    const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    const labelled = label.some((l) => getComputedStyle(l).boxShadow !== 'none' || getComputedStyle(l).outlineStyle !== 'none');
    if (!ring && !labelled) return { what, seen: false, why: 'no outline or shadow' };
  }
  return { what, seen: true, why: '' };
}

function activeMatches(css: string): boolean {
  return document.activeElement?.matches(css) === true;
}

async function focus(s: Session): Promise<Focus> {
  return s.evaluate(focusNow);
}

/** The focus once it can be seen, or as it still is after 5 s (a page's loading veil passes first). */
async function seenFocus(s: Session): Promise<Focus> {
  let last = await focus(s);
  if (last.seen || last.what === 'body') return last;
  try {
    return await waitFor('the focus to be seen', async () => {
      last = await focus(s);
      return last.seen ? last : false;
    }, 5_000);
  } catch {
    return last;
  }
}

/** Asserts that the focus is on `css` and can be seen. */
async function focusedOn(s: Session, css: string, where: string): Promise<void> {
  await waitFor(`${where}: focus on ${css}`, () => s.evaluate(activeMatches, css));
  const f = await seenFocus(s);
  assert.ok(f.seen, `${where}: the focused ${f.what} cannot be seen (${f.why})`);
}

/** Tabs (forward, or back to what precedes the focus) until the focus is on `css` (once it is on the page); every stop on the way must be seen. */
async function tabTo(s: Session, css: string, where: string): Promise<void> {
  // As a person waits to see it: a part still loading (the member home's cards) comes first.
  await waitFor(`${where}: ${css} on the page`, () => s.evaluate((c: string) => document.querySelector(c) !== null, css));
  // Already there (a write's answer puts the focus on its first action, decision 0143).
  if (await s.evaluate(activeMatches, css)) return;
  // Backwards (Shift+Tab) to what comes before the focus, as a person would: Tab past the page's
  // end leaves the document for the browser's own controls (Firefox), whose focus a headless
  // window does not give back.
  const before = await s.evaluate((c: string) => {
    const target = document.querySelector(c);
    const active = document.activeElement;
    return !!target && !!active && active !== document.body && (target.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  }, css);
  for (let i = 0; i < MOST_TABS; i++) {
    await s.press(before ? 'ShiftTab' : 'Tab');
    const f = await seenFocus(s);
    if (f.what !== 'body') assert.ok(f.seen, `${where}, tabbing: the focused ${f.what} cannot be seen (${f.why})`);
    if (await s.evaluate(activeMatches, css)) return;
  }
  assert.fail(`${where}: ${css} not reached in ${MOST_TABS} presses of ${before ? 'Shift+Tab' : 'Tab'} (focus on ${(await focus(s)).what})`);
}

/** After a page change the focus is on the page's heading (or the first visible one). */
async function headingFocused(s: Session, where: string): Promise<void> {
  await focusedOn(s, 'h1, h2, h3, [tabindex="-1"]', where);
}

export async function keyboardJourney(engine: Engine, origin: string): Promise<void> {
  const s = await engine.newSession({ viewport: PHONE, javaScript: true });
  try {
    // Sign in.
    await s.goto(new URL(LOGIN_PATH, origin).href);
    await settled(s, LOGIN_PATH, true);
    await tabTo(s, '#user_id', 'sign-in');
    await s.keys(READER01.id);
    await tabTo(s, '#user_pass', 'sign-in');
    await s.keys(READER01.password);
    await s.press('Enter');
    await settled(s, HOME_PATH, true);
    await headingFocused(s, 'home after sign-in');

    // 나의 활동.
    const activity = hrefOf('activity');
    await tabTo(s, `main a[href="${activity}"]`, 'home');
    await s.press('Enter');
    await settled(s, activity, true);
    await headingFocused(s, '나의 활동');

    // A diary with the book picker.
    const diary = hrefOf('diary');
    await tabTo(s, `main a[href^="${diary}"]`, '나의 활동');
    await s.press('Enter');
    await waitFor('the diary page', () => s.evaluate(() => location.pathname === '/activity/diary' && document.documentElement.dataset['hydrated'] === 'true'));
    await headingFocused(s, '독서일지 쓰기');
    await tabTo(s, '.book-picker input[name="q"]', '독서일지 쓰기');
    await s.keys(ISBN);
    await s.press('Enter');
    await tabTo(s, `.pick-list a[href*="isbn=${ISBN}"]`, 'the picker results');
    await s.press('Enter');
    await waitFor('the book chosen', () => s.evaluate((isbn: string) => location.search.includes(isbn), ISBN));
    const text = `keyboard ${engine.name} diary`;
    // Choosing the book moves on to the form's first field (decision 0143).
    await focusedOn(s, '#diary-content', 'the book chosen');
    await s.keys(text);
    await tabTo(s, '.stack-form button[type="submit"]', 'the diary form');
    await s.press('Enter');
    await textShown(s, '.earn-result', 'P');
    // The answer is said by the announcer; the focus goes to its first action (decision 0143).
    await focusedOn(s, '.earn-result a', 'after saving');

    // Read it back on 나의 독서 기록.
    await tabTo(s, 'main a[href*="/activity/records"]', 'after saving');
    await s.press('Enter');
    await waitFor('나의 독서 기록', () => s.evaluate(() => location.pathname === '/activity/records'));
    await headingFocused(s, '나의 독서 기록');
    await textShown(s, 'main', text);

    // The mobile menu: focus goes in, stays in, and comes back.
    await tabTo(s, '.site-header__menu-button', '나의 독서 기록');
    await s.press('Enter');
    await waitFor('the menu open', () => s.evaluate(() => document.querySelector('dialog.mobile-menu')?.hasAttribute('open') === true));
    await waitFor('focus in the menu', () => s.evaluate(() => document.activeElement?.closest('dialog.mobile-menu') !== null));
    for (let i = 0; i < 30; i++) {
      await s.press('Tab');
      const inside = await s.evaluate(() => document.activeElement?.closest('dialog.mobile-menu[open]') !== null);
      assert.ok(inside, `the menu: Tab ${i + 1} left the dialog (focus on ${(await focus(s)).what})`);
      const f = await seenFocus(s);
      assert.ok(f.seen, `the menu: the focused ${f.what} cannot be seen (${f.why})`);
    }
    await s.press('Escape');
    await waitFor('the menu closed', () => s.evaluate(() => document.querySelector('dialog.mobile-menu')?.hasAttribute('open') !== true));
    await focusedOn(s, '.site-header__menu-button', 'the menu closed');

    // 화면 설정: a disclosure (focus stays on its button, Tab goes into the panel, Escape closes
    // it and gives the focus back), or on a phone without the panel the page itself.
    await tabTo(s, '.display-trigger', 'the page');
    await s.press('Enter');
    const opened = await waitFor('화면 설정 open', () =>
      s.evaluate(() => {
        if (location.pathname === '/service/display') return 'page';
        return document.querySelector('button.display-trigger[aria-expanded="true"]') ? 'panel' : null;
      }),
    );
    if (opened === 'page') await headingFocused(s, '화면 설정');
    else {
      await focusedOn(s, 'button.display-trigger', '화면 설정 open');
      const panel = await s.evaluate(() => document.querySelector('button.display-trigger')?.getAttribute('aria-controls') ?? '');
      assert.ok(panel, '화면 설정: the open button names its panel');
      await tabTo(s, `#${panel} input, #${panel} button`, '화면 설정 open');
      await s.press('Escape');
      await waitFor('화면 설정 closed', () => s.evaluate(() => document.querySelector('button.display-trigger[aria-expanded="true"]') === null));
      await focusedOn(s, 'button.display-trigger', '화면 설정 closed');
    }

    // Sign out: the next page says it is done, the focus on 로그인 where 로그아웃 was (decision 0143).
    await tabTo(s, '.member-bar button', 'the page');
    await s.press('Enter');
    await settled(s, HOME_PATH, true);
    await focusedOn(s, '.site-header .member-bar a.btn', 'home after sign-out');
  } finally {
    await s.close();
  }
}
