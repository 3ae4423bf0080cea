/**
 * Firefox over WebDriver BiDi: puppeteer-core speaks it to Firefox's own Remote Agent, so no
 * geckodriver is needed (Debian's firefox-esr, or FIREFOX_PATH). Each session is a BiDi user
 * context (its own cookies and storage). Firefox 153 ESR has no `emulation.setScriptingEnabled`,
 * so sessions without JavaScript come from a second Firefox started with the pref
 * `javascript.enabled` off; the driver's own scripts still run there.
 * Page problems come from a watcher in each document, installed by a BiDi preload script;
 * failed requests from the protocol's `network.fetchError` (puppeteer.ts: the session).
 * On a timeout the suite asks `diagnose` what each open page still waits for: its requests
 * not finished, its last failures and console lines (bidi.ts), its state and its service
 * worker's (decision 0147). A session can lose an answer and go offline (nothing-lost.ts).
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { contextOf, loseAnswers, NetworkWatch, wireOf, type LostAnswers } from './bidi.ts';
import { drainWatch, type Engine, type SessionOptions } from './browser.ts';
import { PuppeteerSession } from './puppeteer.ts';

const FIREFOX = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';

interface Launched {
  browser: Browser;
  watch: NetworkWatch;
}

async function launch(javaScript: boolean): Promise<Launched> {
  const browser = await puppeteer.launch({
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
  return { browser, watch: new NetworkWatch(wireOf(browser)) };
}

/**
 * Requests the page itself gave up (a removed image, a navigation replacing the document):
 * not failures to reach the server.
 */
const ABORTED = /NS_BINDING_ABORTED|NS_ERROR_ABORT/;

/** In the page: where it is (synchronous: answers even in a page without JavaScript). */
function whereNow(): string {
  return `${location.pathname}${location.search}, readyState ${document.readyState}, hydrated ${document.documentElement.dataset['hydrated'] ?? 'no'}`;
}

/** In the page: its service worker's state. */
async function workerNow(): Promise<string> {
  const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  const state = (w: ServiceWorker | null | undefined) => w?.state ?? '-';
  const reg = await sw?.getRegistration();
  const registered = reg ? `installing ${state(reg.installing)}, waiting ${state(reg.waiting)}, active ${state(reg.active)}` : 'none registered';
  return `controller ${state(sw?.controller)}; worker ${registered}`;
}

/** A page's answer within 2 s, or why not: a hung page must not hang the report. */
function within<T>(answer: Promise<T>): Promise<T | string> {
  return Promise.race([
    answer.catch((err: unknown) => `no answer: ${String(err)}`),
    new Promise<string>((r) => setTimeout(() => r('no answer within 2 s'), 2_000).unref()),
  ]);
}

/** A Firefox session: a page in a user context of its own, which can lose answers and go offline. */
export class FirefoxSession extends PuppeteerSession {
  readonly #page: Page;
  readonly #browser: Browser;
  readonly #watch: NetworkWatch;
  readonly #context: string;
  readonly #closed: () => void;

  constructor(page: Page, launched: Launched, closed: () => void) {
    super(page, ABORTED);
    this.#page = page;
    this.#browser = launched.browser;
    this.#watch = launched.watch;
    this.#context = contextOf(page);
    this.#closed = closed;
  }

  /** The first `count` answers to `method pathname` are lost after the server gave them (bidi.ts). */
  loseAnswers(method: string, pathname: string, count = 1): Promise<LostAnswers> {
    return loseAnswers(this.#browser, this.#page, method, pathname, count);
  }

  /** The page's network goes away or comes back (`emulation.setNetworkConditions`). */
  setOffline(offline: boolean): Promise<void> {
    return this.#page.setOfflineMode(offline);
  }

  /** What this page still waits for, for a timed-out wait: never throws, never waits long. */
  async diagnose(): Promise<string[]> {
    const where = await within(this.#page.evaluate(whereNow));
    const worker = await within(this.#page.evaluate(workerNow));
    return [`  page: ${where}`, `  ${worker}`, ...this.#watch.describe(this.#context).map((l) => `  ${l}`)];
  }

  override async close(): Promise<void> {
    this.#closed();
    this.#watch.forget(this.#context);
    await super.close();
  }
}

export class FirefoxEngine implements Engine {
  readonly name = 'firefox' as const;
  #withJs: Promise<Launched> | undefined;
  #withoutJs: Promise<Launched> | undefined;
  readonly #open = new Set<FirefoxSession>();

  async newSession(options: SessionOptions): Promise<FirefoxSession> {
    const launched = await (options.javaScript ? (this.#withJs ??= launch(true)) : (this.#withoutJs ??= launch(false)));
    const context = await launched.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(options.viewport);
    await page.evaluateOnNewDocument(`(${drainWatch.toString()})()`);
    const session: FirefoxSession = new FirefoxSession(page, launched, () => this.#open.delete(session));
    this.#open.add(session);
    return session;
  }

  async diagnose(): Promise<string[]> {
    const out: string[] = [];
    const at = new Date().toISOString().slice(11, 23);
    for (const [i, s] of [...this.#open].entries()) out.push(`firefox session ${i + 1} of ${this.#open.size} at ${at}:`, ...(await s.diagnose()));
    return out;
  }

  async close(): Promise<void> {
    await Promise.all([this.#withJs, this.#withoutJs].map(async (b) => (await b)?.browser.close()));
  }
}
