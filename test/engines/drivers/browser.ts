/**
 * What a journey asks of a browser, the same for Chromium (CDP through puppeteer-core),
 * Firefox (WebDriver BiDi through puppeteer-core) and WebKit (classic WebDriver through
 * WebKitWebDriver): open a page, run a
 * function in it, click and type as a person does, press keys, read and set cookies, and
 * say what went wrong in the page (uncaught errors, console errors, failed requests).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

export interface Viewport {
  width: number;
  height: number;
}

export interface SessionOptions {
  viewport: Viewport;
  /** false: the page's own scripts never run (the driver's still do). */
  javaScript: boolean;
}

export interface BrowserCookie {
  name: string;
  value: string;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Seconds since the epoch; undefined for a cookie of the browser session. */
  expiry?: number;
}

/** JSON-like values that cross into the page and back. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

/**
 * An element to act on, found in the page: the first visible element matching `css` whose
 * accessible name (aria-label, else its text) is `name` (or contains it, with `exact: false`).
 */
export interface Query {
  css: string;
  name?: string;
  exact?: boolean;
  [key: string]: Json | undefined;
}

export type Key = 'Enter' | 'Escape' | 'Tab' | 'ShiftTab' | 'Space' | 'ArrowDown' | 'ArrowRight';

export interface Engine {
  readonly name: EngineName;
  newSession(options: SessionOptions): Promise<Session>;
  /** What the open pages still wait for (Firefox: decision 0147), for a timed-out wait. */
  diagnose?(): Promise<string[]>;
  close(): Promise<void>;
}

/** What a test's timed-out wait reports besides its own words (the engine's pages, the portal's log). */
type Explainer = () => Promise<string[]>;
const explainers = new AsyncLocalStorage<Explainer>();

/** Runs a test's body so that a wait in it that times out says what `explain` says. */
export function explainedBy<T>(explain: Explainer, body: () => Promise<T>): Promise<T> {
  return explainers.run(explain, body);
}

/**
 * The error of a timed-out wait, with what the browser was still waiting for at that moment
 * (asked before any `finally` closes the page).
 */
export async function timedOut(message: string): Promise<Error> {
  const explain = explainers.getStore();
  if (!explain) return new Error(message);
  const lines = await explain().catch((err: unknown) => [`(could not say what it waited for: ${String(err)})`]);
  return new Error([message, ...lines].join('\n'));
}

export interface Session {
  /** Loads the page and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Runs a self-contained function in the page (it is sent as source: no closures). */
  evaluate<A extends Json[], R extends Json | undefined>(fn: (...args: A) => R, ...args: A): Promise<R>;
  /** Runs a function given as source (an expression whose value is a function) with JSON arguments. */
  evaluateSource<R extends Json | undefined>(source: string, args: Json[]): Promise<R>;
  /** Gives the page a new viewport without reloading it. */
  resize(viewport: Viewport): Promise<void>;
  /** Clicks the element the query finds (false: none found now). */
  click(query: Query): Promise<boolean>;
  /** Empties the field the query finds and types the text into it, key by key. */
  type(query: Query, text: string): Promise<boolean>;
  /** Presses a key where the focus is. */
  press(key: Key): Promise<void>;
  /** Types text where the focus is, key by key (no click first). */
  keys(text: string): Promise<void>;
  cookies(): Promise<BrowserCookie[]>;
  /** Sets cookies for the origin of the page shown (open a page of the portal first). */
  addCookies(cookies: readonly BrowserCookie[]): Promise<void>;
  /** The window as a PNG. */
  screenshot(): Promise<Buffer>;
  /** What went wrong in the pages so far: uncaught errors, console errors, failed requests. */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

/** In the page: the element a query names, or null. Sent as source, so it stands alone. */
export function findElement(q: Query): Element | null {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (el: Element) => norm(el.getAttribute('aria-label')) || norm(el.textContent);
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  for (const el of Array.from(document.querySelectorAll(q.css))) {
    if (!shown(el)) continue;
    if (q.name === undefined) return el;
    const name = nameOf(el);
    if (q.exact === false ? name.includes(q.name) : name === q.name) return el;
  }
  return null;
}

/** In the page: installs the problem watcher once per document; returns and empties what it saw. */
export function drainWatch(): string[] {
  type Watch = { problems: string[] };
  const w = window as unknown as { __enginesWatch?: Watch };
  if (!w.__enginesWatch) {
    const watch: Watch = { problems: [] };
    w.__enginesWatch = watch;
    addEventListener(
      'error',
      (e: Event) => {
        if (e instanceof ErrorEvent) watch.problems.push(`uncaught: ${e.message}`);
        else {
          const t = e.target as { src?: string; href?: string } | null;
          watch.problems.push(`failed to load: ${t?.src ?? t?.href ?? 'an element'}`);
        }
      },
      true,
    );
    addEventListener('unhandledrejection', (e) => watch.problems.push(`unhandled rejection: ${String(e.reason)}`));
    addEventListener('securitypolicyviolation', (e) => watch.problems.push(`CSP: ${e.violatedDirective} blocked ${e.blockedURI}`));
    const original = console.error;
    console.error = (...args: unknown[]) => {
      watch.problems.push(`console.error: ${args.map(String).join(' ')}`);
      original.apply(console, args);
    };
  }
  return w.__enginesWatch.problems.splice(0);
}

const WAIT_MS = Number(process.env['ENGINE_WAIT_MS'] ?? 30_000);

/**
 * Waits until `check` answers something other than false/undefined/null (polled every
 * 100 ms, never a fixed sleep), or fails after 30 s naming what it waited for.
 */
export async function waitFor<T>(what: string, check: () => Promise<T | false | null | undefined>, timeoutMs = WAIT_MS): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== false && value !== null && value !== undefined) return value;
      last = value;
    } catch (err) {
      // A page between two documents cannot be asked anything yet.
      last = err;
    }
    if (Date.now() > until) throw await timedOut(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`);
    await sleep(100);
  }
}

/** In the page: what the page is now (for waits). */
export function pageState(): { url: string; ready: string; hydrated: boolean; fonts: string; h1: string } {
  return {
    url: location.href,
    ready: document.readyState,
    hydrated: document.documentElement.dataset['hydrated'] === 'true',
    fonts: document.fonts.status,
    h1: (document.querySelector('h1')?.textContent ?? '').trim(),
  };
}

/**
 * Waits for the page at `path` (pathname + search) to have loaded, its fonts too, and hydrated
 * unless JavaScript is off. A web font that arrives later reflows the text (lines break
 * elsewhere on a phone), and a click measured before it lands where the element used to be.
 */
export async function settled(session: Session, path: string, hydrated: boolean): Promise<void> {
  const want = new URL(path, 'http://x');
  await waitFor(`${path}${hydrated ? ' hydrated' : ' loaded'}`, async () => {
    const s = await session.evaluate(pageState);
    const here = new URL(s.url);
    return here.pathname + here.search === want.pathname + want.search && s.ready === 'complete' && s.fonts === 'loaded' && (!hydrated || s.hydrated);
  });
}

/**
 * `stillBox` run in the page by `run`, given at most 3 s: in a page without JavaScript
 * (Firefox's second browser) the page's timers and frames never call back.
 */
export async function boxStill(run: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([run().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, 3_000)))]);
  clearTimeout(timer);
}

/**
 * In the page: waits until the element's box stays put for an animation frame (at most 20
 * frames), the fonts loaded first (at most 2 s). A font swapping in or a part arriving moves the
 * page; on a loaded machine the click, sent a moment after the box was read, then landed beside
 * the button and did nothing (Firefox at 1280 px: 오늘 출석하기 clicked, no check-in sent;
 * WebKit at 390 px: a group of the sliding-in menu clicked, not opened; decision 0147).
 */
export async function stillBox(e: Element): Promise<void> {
  await Promise.race([document.fonts.ready, new Promise((r) => setTimeout(r, 2_000))]);
  const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
  let last = '';
  for (let i = 0; i < 20; i += 1) {
    await frame();
    const r = e.getBoundingClientRect();
    const now = `${r.x},${r.y},${r.width},${r.height}`;
    if (now === last) return;
    last = now;
  }
}

/** Clicks once the element is there (it may appear after a render or a lazy chunk). */
export async function clickWhenShown(session: Session, query: Query): Promise<void> {
  await waitFor(`${JSON.stringify(query)} to click`, () => session.click(query));
}

export async function typeWhenShown(session: Session, query: Query, text: string): Promise<void> {
  await waitFor(`${JSON.stringify(query)} to type into`, () => session.type(query, text));
}

/** Waits for an element's text (accessible name) to contain `text`; returns it. */
export async function textShown(session: Session, css: string, text: string): Promise<string> {
  return waitFor(`"${text}" in ${css}`, () =>
    session.evaluate(
      (sel: string, want: string) => {
        for (const el of Array.from(document.querySelectorAll(sel))) {
          const t = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
          if (t.includes(want)) return t;
        }
        return null;
      },
      css,
      text,
    ),
  );
}
