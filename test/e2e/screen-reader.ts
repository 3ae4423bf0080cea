/**
 * The virtual screen reader (@guidepup/virtual-screen-reader) inside the portal's pages, for the
 * screen-reader journey (screen-reader.spec.ts, decision 0143). Its browser bundle is added with
 * an init script, as an IIFE (its one `export` turned into a global), and started on every
 * document at DOMContentLoaded, before the page hydrates: what the page says or focuses on
 * arrival (a sign-out's sentence after its full page load) is heard. It reads the whole body, as
 * a person's screen reader reads the page: `next`/`previous` are swipes, `act` a double tap,
 * `type` typing into the item the reader is on. What it says goes to its spoken phrase log, live
 * regions included ("polite: …").
 *
 * Each swipe is checked against Chromium's own accessibility tree (CDP): a control the reader
 * lands on must have a name there. Stops are counted as the handbook says: the reader also stops
 * on every "end of …", which is not content.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, type CDPSession, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);

/** The library's browser bundle as a classic script that leaves the reader in `__virtualScreenReader`. */
function readerScript(): string {
  const bundle = readFileSync(join(dirname(require.resolve('@guidepup/virtual-screen-reader/package.json')), 'lib/esm/index.browser.js'), 'utf8');
  const at = bundle.lastIndexOf('export{');
  const end = bundle.indexOf('}', at);
  const local = /([\w$]+) as virtual\b/.exec(bundle.slice(at, end))?.[1];
  if (at < 0 || !local) throw new Error('the virtual screen reader bundle no longer ends with its export of `virtual`');
  const body = `${bundle.slice(0, at)}globalThis.__virtualScreenReader = ${local};${bundle.slice(bundle.indexOf(';', end) + 1)}`;
  return `(() => {\n${body}\n})();
// The library's own slip (a name looked up in a node already removed, after the page changed):
// kept for the report, not thrown at the page.
addEventListener('unhandledrejection', (e) => {
  if (/getElementById is not a function/.test(String(e.reason))) {
    e.preventDefault();
    (globalThis.__readerSlips ??= []).push(String(e.reason));
  }
});
addEventListener('DOMContentLoaded', () => {
  const reader = globalThis.__virtualScreenReader;
  void reader.start({ container: document.body }).then(() => { globalThis.__sr = reader; });
});`;
}

/** What the page's `window.__sr` offers (the library's Virtual, the part used here). */
interface Virtual {
  next(): Promise<void>;
  previous(): Promise<void>;
  act(): Promise<void>;
  type(text: string): Promise<void>;
  perform(command: string): Promise<void>;
  lastSpokenPhrase(): Promise<string>;
  spokenPhraseLog(): Promise<string[]>;
  clearSpokenPhraseLog(): Promise<void>;
  readonly activeNode: Node | null;
}
type WithReader = Window & { __sr?: Virtual };

/** Roles of controls: each must have a name. */
const CONTROLS = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'spinbutton', 'switch', 'tab', 'menuitem', 'slider', 'listbox']);

/** Adds the reader to every document of the page (before the first `goto`). */
export async function withReader(page: Page): Promise<Reader> {
  await page.addInitScript({ content: readerScript() });
  return new Reader(page, await page.context().newCDPSession(page));
}

/** A screen reader on the page: its swipes, what it said, and the stops of each step. */
export class Reader {
  #page: Page;
  #cdp: CDPSession;
  #stops = 0;
  #acted = 0;
  /** Everything said since the step began (a failure's message shows it). */
  #step: string[] = [];
  /** Controls heard without a name in Chromium's tree. */
  readonly nameless: string[] = [];

  constructor(page: Page, cdp: CDPSession) {
    this.#page = page;
    this.#cdp = cdp;
  }

  /** Waits for the reader on the page now shown (after a full page load). */
  async ready(): Promise<void> {
    await this.#page.waitForFunction(() => (window as WithReader).__sr !== undefined, undefined, { timeout: 30_000 });
  }

  /** Starts a step: its stops and what is heard are counted from here. */
  begin(): void {
    this.#stops = 0;
    this.#step = [];
    this.#acted = 0;
  }

  /** What the step heard so far (and its content stops), for its assertions. */
  async step(): Promise<{ heard: string[]; stops: number }> {
    await this.#drain();
    return { heard: [...this.#step], stops: this.#stops };
  }

  /** Moves what the reader said into the step's record. */
  async #drain(): Promise<string[]> {
    const said = await this.#page.evaluate(async () => {
      const sr = (window as WithReader).__sr;
      if (!sr) return [];
      const log = await sr.spokenPhraseLog();
      await sr.clearSpokenPhraseLog();
      return log;
    });
    this.#step.push(...said);
    return said;
  }

  async #swipe(direction: 'next' | 'previous'): Promise<string> {
    await this.#page.evaluate((d) => (window as WithReader).__sr?.[d](), direction);
    const said = await this.#drain();
    // The swipe's own phrase (a live region may have spoken after it).
    const phrase = said.findLast((p) => !/^(polite|assertive): /.test(p)) ?? '';
    if (!phrase.startsWith('end of')) this.#stops++;
    await this.#checkNamed(phrase);
    return phrase;
  }

  /** A control the reader is on has a name in Chromium's accessibility tree. */
  async #checkNamed(phrase: string): Promise<void> {
    const role = phrase.split(', ')[0] ?? '';
    if (!CONTROLS.has(role)) return;
    const { result } = await this.#cdp.send('Runtime.evaluate', { expression: 'window.__sr.activeNode' });
    if (!result.objectId) return;
    const { nodes } = await this.#cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
    const name = nodes.find((n) => !n.ignored)?.name?.value;
    if (typeof name !== 'string' || name.trim() === '') this.nameless.push(`${phrase} (on ${await this.#page.url()})`);
  }

  /**
   * Swipes forward until a phrase matches (said by an element that matches `on`, when given:
   * a field's label and the field both say its name), within `budget` content stops; the phrase.
   */
  async nextTo(match: RegExp, budget: number, on?: string): Promise<string> {
    return this.#swipeTo('next', match, budget, on);
  }

  /** Swipes back until a phrase matches, within `budget` content stops. */
  async previousTo(match: RegExp, budget: number, on?: string): Promise<string> {
    return this.#swipeTo('previous', match, budget, on);
  }

  async #swipeTo(direction: 'next' | 'previous', match: RegExp, budget: number, on?: string): Promise<string> {
    const start = this.#stops;
    for (;;) {
      const phrase = await this.#swipe(direction);
      if (match.test(phrase) && (!on || (await this.#on(on)))) return phrase;
      if (this.#stops - start >= budget) {
        throw new Error(`${match} not heard within ${budget} content stops (${direction}); the step heard:\n${this.#step.join('\n')}`);
      }
    }
  }

  /**
   * The landmark gesture to the page's banner (the header): one stop, as a member's rotor does
   * it instead of swiping back through the page.
   */
  async toBanner(): Promise<void> {
    for (const command of ['moveToPreviousBanner', 'moveToNextBanner']) {
      await this.#page.evaluate((c) => (window as WithReader).__sr?.perform(c), command);
      const phrase = (await this.#drain()).findLast((p) => !/^(polite|assertive): /.test(p));
      if (phrase === 'banner') {
        this.#stops++;
        return;
      }
    }
    throw new Error(`the banner was not reached; the step heard:\n${this.#step.join('\n')}`);
  }

  /** Whether the reader is on an element that matches `css`. */
  async #on(css: string): Promise<boolean> {
    return this.#page.evaluate((c) => {
      const node = (window as WithReader).__sr?.activeNode;
      return node instanceof Element && node.matches(c);
    }, css);
  }

  /** A double tap on the item the reader is on. */
  async act(): Promise<void> {
    await this.#drain();
    this.#acted = this.#step.length;
    await this.#page.evaluate(() => (window as WithReader).__sr?.act());
  }

  /** What the step heard since its last double tap: what the change itself said. */
  async sinceAct(): Promise<string[]> {
    await this.#drain();
    return this.#step.slice(this.#acted);
  }

  /**
   * Waits for the page's parts still loading (a skeleton says "busy") to arrive, as a member
   * waits after hearing "busy": a part replaced under the reader sends it back to the top.
   */
  async settled(): Promise<void> {
    await this.#page.waitForFunction(() => document.querySelector('main [aria-busy="true"]') === null, undefined, { timeout: 30_000 });
  }

  /** Types into the item the reader is on. */
  async type(text: string): Promise<void> {
    await this.#page.evaluate((t) => (window as WithReader).__sr?.type(t), text);
  }

  /** Waits until the step has heard a phrase that matches (the announcer writes a moment after the change). */
  async hears(match: RegExp): Promise<string> {
    let found: string | undefined;
    await expect
      .poll(
        async () => {
          await this.#drain();
          found = this.#step.find((p) => match.test(p));
          return found !== undefined;
        },
        { message: `heard ${match}`, timeout: 15_000 },
      )
      .toBe(true)
      .catch(() => {
        throw new Error(`${match} was not heard; the step heard:\n${this.#step.join('\n')}`);
      });
    return found ?? '';
  }

  /** The library's own slips in this document (see the init script). */
  async slips(): Promise<string[]> {
    return this.#page.evaluate(() => (globalThis as { __readerSlips?: string[] }).__readerSlips ?? []);
  }
}
