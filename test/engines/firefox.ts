/**
 * Firefox over WebDriver BiDi: puppeteer-core speaks it to Firefox's own Remote Agent, so no
 * geckodriver is needed (Debian's firefox-esr, or FIREFOX_PATH). Each session is a BiDi user
 * context (its own cookies and storage). Firefox 153 ESR has no `emulation.setScriptingEnabled`,
 * so sessions without JavaScript come from a second Firefox started with the pref
 * `javascript.enabled` off; the driver's own scripts still run there.
 * Page problems come from a watcher in each document, installed by a BiDi preload script;
 * failed requests from the protocol's `network.fetchError`.
 */
import puppeteer, { type Browser, type ElementHandle, type HTTPRequest, type Page } from 'puppeteer-core';
import { drainWatch, findElement, type BrowserCookie, type Engine, type Json, type Key, type Query, type Session, type SessionOptions } from './browser.ts';

const FIREFOX = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';

function launch(javaScript: boolean): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    acceptInsecureCerts: true,
    extraPrefsFirefox: {
      'javascript.enabled': javaScript,
      // Quiet: no update checks, no remote settings, no telemetry on a machine without internet.
      'app.update.disabledForTesting': true,
      'browser.region.network.url': '',
      'services.settings.server': 'data:,',
      // A page left is destroyed at once (no back-forward cache): what it reports while torn down comes before the next page.
      'browser.sessionhistory.max_total_viewers': 0,
    },
  });
}

/**
 * Requests the page itself gave up (a removed image, a navigation replacing the document):
 * not failures to reach the server.
 */
const ABORTED = /NS_BINDING_ABORTED|NS_ERROR_ABORT/;

class FirefoxSession implements Session {
  readonly #page: Page;
  readonly #problems: string[] = [];

  /**
   * Page problems come from the watcher of each document (a preload script: from its first
   * line), read with every call into the page; failed requests from `network.fetchError`.
   * Not from `log.entryAdded`: Firefox reports what a page does while it is torn down (the
   * lazy imports a navigation cancels are rejected in the page being left, and React Router's
   * boundary logs it) after the next page has started, and nothing in the event tells the two
   * documents apart.
   */
  constructor(page: Page) {
    this.#page = page;
    page.on('requestfailed', (r: HTTPRequest) => {
      const reason = r.failure()?.errorText ?? 'failed';
      if (!ABORTED.test(reason)) this.#problems.push(`request failed: ${r.method()} ${r.url()} (${reason})`);
    });
  }

  async goto(url: string): Promise<void> {
    await this.evaluate(() => null).catch(() => null);
    await this.#page.goto(url, { waitUntil: 'load' });
  }

  async evaluate<A extends Json[], R extends Json | undefined>(fn: (...args: A) => R, ...args: A): Promise<R> {
    // Sent as source with its arguments as JSON: the same function runs in both engines.
    const answer = (await this.#page.evaluate(
      `(() => { const problems = (${drainWatch.toString()})(); return { value: (${fn.toString()}).apply(null, ${JSON.stringify(args)}), problems }; })()`,
    )) as { value: R; problems: string[] };
    this.#problems.push(...answer.problems);
    return answer.value;
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
   * answers when the page's JavaScript is off, and Firefox then drops the connection.)
   */
  async #clickAt(el: ElementHandle): Promise<void> {
    await el.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }));
    const box = await el.boundingBox();
    if (!box) throw new Error('the element has no box to click');
    await this.#page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  async click(query: Query): Promise<boolean> {
    const el = await this.#find(query);
    if (!el) return false;
    try {
      await this.#clickAt(el);
    } finally {
      await el.dispose();
    }
    return true;
  }

  async type(query: Query, text: string): Promise<boolean> {
    const el = await this.#find(query);
    if (!el) return false;
    try {
      await this.#clickAt(el);
      const filled = await el.evaluate((e) => (e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement) && e.value !== '' && (e.select(), true));
      if (filled) await this.#page.keyboard.press('Backspace');
      await this.#page.keyboard.type(text);
    } finally {
      await el.dispose();
    }
    return true;
  }

  async press(key: Key): Promise<void> {
    await this.#page.keyboard.press(key);
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

  async problems(): Promise<string[]> {
    await this.evaluate(() => null).catch(() => null);
    return [...this.#problems];
  }

  async close(): Promise<void> {
    await this.#page.browserContext().close();
  }
}

export class FirefoxEngine implements Engine {
  readonly name = 'firefox' as const;
  #withJs: Promise<Browser> | undefined;
  #withoutJs: Promise<Browser> | undefined;

  async newSession(options: SessionOptions): Promise<Session> {
    const browser = options.javaScript ? (this.#withJs ??= launch(true)) : (this.#withoutJs ??= launch(false));
    const context = await (await browser).createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(options.viewport);
    await page.evaluateOnNewDocument(`(${drainWatch.toString()})()`);
    return new FirefoxSession(page);
  }

  async close(): Promise<void> {
    await Promise.all([this.#withJs, this.#withoutJs].map(async (b) => (await b)?.close()));
  }
}
