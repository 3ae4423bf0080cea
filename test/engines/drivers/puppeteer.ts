/**
 * A session driven by puppeteer-core, the same for Firefox (WebDriver BiDi) and Chromium (CDP):
 * a page in a browser context of its own. `aborted` says which failed requests the page itself
 * gave up (a removed image, a navigation replacing the document): the engine's own words.
 */
import type { ElementHandle, HTTPRequest, Page } from 'puppeteer-core';
import { boxStill, drainWatch, findElement, stillBox, timedOut, type BrowserCookie, type Json, type Key, type Query, type Session, type Viewport } from './browser.ts';

export class PuppeteerSession implements Session {
  readonly #page: Page;
  readonly #problems: string[] = [];
  readonly #aborted: RegExp;

  /**
   * Page problems come from the watcher of each document (a preload script: from its first
   * line), read with every call into the page; failed requests from `network.fetchError`.
   * Not from `log.entryAdded`: Firefox reports what a page does while it is torn down (the
   * lazy imports a navigation cancels are rejected in the page being left, and React Router's
   * boundary logs it) after the next page has started, and nothing in the event tells the two
   * documents apart.
   */
  constructor(page: Page, aborted: RegExp) {
    this.#page = page;
    this.#aborted = aborted;
    page.on('requestfailed', (r: HTTPRequest) => {
      const reason = r.failure()?.errorText ?? 'failed';
      if (!this.#aborted.test(reason)) this.#problems.push(`request failed: ${r.method()} ${r.url()} (${reason})`);
    });
  }

  async goto(url: string): Promise<void> {
    await this.evaluate(() => null).catch(() => null);
    try {
      await this.#page.goto(url, { waitUntil: 'load' });
    } catch (err) {
      // A load that never comes: say what the page still waits for.
      if (err instanceof Error && err.name === 'TimeoutError') throw await timedOut(`${err.message} (${url})`);
      throw err;
    }
  }

  evaluate<A extends Json[], R extends Json | undefined>(fn: (...args: A) => R, ...args: A): Promise<R> {
    return this.evaluateSource<R>(fn.toString(), args);
  }

  async evaluateSource<R extends Json | undefined>(source: string, args: Json[]): Promise<R> {
    // Sent as source with its arguments as JSON: the same function runs in every engine.
    const answer = (await this.#page.evaluate(
      `(() => { const problems = (${drainWatch.toString()})(); return { value: (${source}).apply(null, ${JSON.stringify(args)}), problems }; })()`,
    )) as { value: R; problems: string[] };
    this.#problems.push(...answer.problems);
    return answer.value;
  }

  /**
   * A new viewport, laid out: two animation frames pass first, so what the page does on a
   * resize (a ResizeObserver revealing the selected tab) is done before anything is measured
   * (a loaded machine once measured a tab strip between the two; WebKit's resize waits alike).
   */
  async resize(viewport: Viewport): Promise<void> {
    await this.#page.setViewport(viewport);
    await this.#page.evaluate(() => new Promise<boolean>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))));
  }

  async #find(query: Query): Promise<ElementHandle | null> {
    const handle = await this.#page.evaluateHandle(findElement, query);
    const element = handle.asElement();
    if (!element) await handle.dispose();
    return element as ElementHandle | null;
  }

  /**
   * A click where a person would click: the element scrolled to the middle, the mouse at its
   * centre. (ElementHandle.click waits on an IntersectionObserver in the page, which never
   * answers when the page's JavaScript is off, and Firefox then drops the connection.) False,
   * and nothing clicked, when something else is at that point when it is measured: the page
   * moved after the scroll (content streaming in above), so the caller's wait tries again, as
   * WebDriver's element click does when another element would receive it.
   */
  async #clickAt(el: ElementHandle): Promise<boolean> {
    await el.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }));
    await boxStill(() => el.evaluate(stillBox));
    const box = await el.boundingBox();
    if (!box) return false;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const hit = await el.evaluate((e, px, py) => {
      const at = document.elementFromPoint(px, py);
      return at !== null && (at === e || e.contains(at) || (e instanceof HTMLLabelElement && e.control === at));
    }, x, y);
    if (!hit) return false;
    await this.#page.mouse.click(x, y);
    return true;
  }

  async click(query: Query): Promise<boolean> {
    const el = await this.#find(query);
    if (!el) return false;
    try {
      return await this.#clickAt(el);
    } finally {
      await el.dispose();
    }
  }

  /** Types into the element once a click has focused it (false, to be tried again, if it has not). */
  async type(query: Query, text: string): Promise<boolean> {
    const el = await this.#find(query);
    if (!el) return false;
    try {
      if (!(await this.#clickAt(el))) return false;
      const focused = await el.evaluate((e) => e === document.activeElement);
      if (!focused) return false;
      const filled = await el.evaluate((e) => (e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement) && e.value !== '' && (e.select(), true));
      if (filled) await this.#page.keyboard.press('Backspace');
      await this.#page.keyboard.type(text);
    } finally {
      await el.dispose();
    }
    return true;
  }

  async press(key: Key): Promise<void> {
    if (key === 'ShiftTab') {
      await this.#page.keyboard.down('Shift');
      await this.#page.keyboard.press('Tab');
      await this.#page.keyboard.up('Shift');
    } else await this.#page.keyboard.press(key);
  }

  async keys(text: string): Promise<void> {
    await this.#page.keyboard.type(text);
  }

  async cookies(): Promise<BrowserCookie[]> {
    const all = await this.#page.browserContext().cookies();
    return all.map((c) => ({
      name: c.name,
      value: c.value,
      path: c.path,
      secure: c.secure,
      httpOnly: c.httpOnly ?? false,
      ...(c.session || c.expires < 0 ? {} : { expiry: Math.round(c.expires) }),
    }));
  }

  async addCookies(cookies: readonly BrowserCookie[]): Promise<void> {
    const domain = new URL(this.#page.url()).hostname;
    await this.#page.browserContext().setCookie(
      ...cookies.map((c) => ({
        name: c.name,
        value: c.value,
        domain,
        path: c.path,
        secure: c.secure,
        httpOnly: c.httpOnly,
        sameSite: 'Lax' as const,
        ...(c.expiry === undefined ? {} : { expires: c.expiry }),
      })),
    );
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.#page.screenshot());
  }

  async problems(): Promise<string[]> {
    await this.evaluate(() => null).catch(() => null);
    return [...this.#problems];
  }

  async close(): Promise<void> {
    await this.#page.browserContext().close();
  }
}

