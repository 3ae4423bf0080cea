/**
 * Firefox over WebDriver BiDi: puppeteer-core speaks it to Firefox's own Remote Agent, so no
 * geckodriver is needed (Debian's firefox-esr, or FIREFOX_PATH). Each session is a BiDi user
 * context (its own cookies and storage). Firefox 153 ESR has no `emulation.setScriptingEnabled`,
 * so sessions without JavaScript come from a second Firefox started with the pref
 * `javascript.enabled` off; the driver's own scripts still run there.
 * Problems come from the protocol's events: `log.entryAdded` (uncaught errors, console
 * errors) and `network.fetchError` (requests that failed).
 */
import puppeteer, { type Browser, type ElementHandle, type HTTPRequest, type Page } from 'puppeteer-core';
import { findElement, type BrowserCookie, type Engine, type Json, type Key, type Query, type Session, type SessionOptions } from './browser.ts';

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
    },
  });
}

/**
 * Requests the page itself gave up (a navigation replacing the document): not failures to
 * reach the server. Firefox reports an aborted font download as an error of the page, with
 * the status NS_BINDING_ABORTED (0x804B0002 = 2152398850).
 */
const ABORTED = /NS_BINDING_ABORTED|NS_ERROR_ABORT|status=2152398850\b/;

const SW_FAILED = /Failed to load ‘([^’]+)’\. A ServiceWorker intercepted the request and encountered an unexpected error/;

class FirefoxSession implements Session {
  readonly #page: Page;
  readonly #problems: string[] = [];
  /** Requests the page cancelled (a removed image, a replaced document). */
  readonly #cancelled = new Set<string>();
  #leaving = false;

  constructor(page: Page) {
    this.#page = page;
    const problem = (p: string) => {
      if (!this.#leaving && !ABORTED.test(p)) this.#problems.push(p);
    };
    page.on('pageerror', (e: unknown) => problem(`uncaught: ${e instanceof Error ? e.message : String(e)}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      // An Error argument arrives as a handle: ask the page for its message while it is there.
      void Promise.all(
        m.args().map((a) => a.evaluate((v: unknown) => (v instanceof Error ? `${v.name}: ${v.message} ${v.stack ?? ''}` : String(v))).catch(() => '?')),
      ).then((texts) => problem(`console.error: ${m.text()} [${texts.join(' | ')}]`));
    });
    page.on('requestfailed', (r: HTTPRequest) => {
      const reason = r.failure()?.errorText ?? 'failed';
      if (ABORTED.test(reason)) this.#cancelled.add(r.url());
      problem(`request failed: ${r.method()} ${r.url()} (${reason})`);
    });
  }

  /**
   * The page shown is left for about:blank first: what its document reports while being torn
   * down (the loads the navigation cancels, a lazy import among them, which Firefox then
   * reports as an uncaught error) is not a problem of any page a person sees. Everything the
   * document reported before was kept; the new page is loaded and watched as a whole.
   */
  async goto(url: string): Promise<void> {
    this.#leaving = true;
    try {
      await this.#page.goto('about:blank');
    } finally {
      this.#leaving = false;
    }
    await this.#page.goto(url, { waitUntil: 'load' });
  }

  async evaluate<A extends Json[], R extends Json | undefined>(fn: (...args: A) => R, ...args: A): Promise<R> {
    // Sent as source with its arguments as JSON: the same function runs in both engines.
    return (await this.#page.evaluate(`(${fn.toString()}).apply(null, ${JSON.stringify(args)})`)) as R;
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

  /**
   * A request the page cancelled while the service worker was fetching it makes the worker's
   * fetch fail, and Firefox reports that too ("A ServiceWorker intercepted the request and
   * encountered an unexpected error"): not counted when the same request was cancelled.
   */
  async problems(): Promise<string[]> {
    return this.#problems.filter((p) => {
      const url = SW_FAILED.exec(p)?.[1];
      return url === undefined || !this.#cancelled.has(url);
    });
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
    return new FirefoxSession(page);
  }

  async close(): Promise<void> {
    await Promise.all([this.#withJs, this.#withoutJs].map(async (b) => (await b)?.close()));
  }
}
