/**
 * Firefox over WebDriver BiDi: puppeteer-core speaks it to Firefox's own Remote Agent, so no
 * geckodriver is needed (Debian's firefox-esr, or FIREFOX_PATH). Each session is a BiDi user
 * context (its own cookies and storage). Firefox 153 ESR has no `emulation.setScriptingEnabled`,
 * so sessions without JavaScript come from a second Firefox started with the pref
 * `javascript.enabled` off; the driver's own scripts still run there.
 * Page problems come from a watcher in each document, installed by a BiDi preload script;
 * failed requests from the protocol's `network.fetchError` (puppeteer.ts: the session).
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { drainWatch, type Engine, type Session, type SessionOptions } from './browser.ts';
import { PuppeteerSession } from './puppeteer.ts';

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
    return new PuppeteerSession(page, ABORTED);
  }

  async close(): Promise<void> {
    await Promise.all([this.#withJs, this.#withoutJs].map(async (b) => (await b)?.close()));
  }
}
