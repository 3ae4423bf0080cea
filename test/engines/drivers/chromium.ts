/**
 * Chromium over the DevTools protocol: puppeteer-core starts Debian's /usr/bin/chromium
 * (CHROMIUM_PATH) headless; nothing is downloaded. Each session is a browser context of its
 * own (cookies, storage). Sessions without JavaScript turn the page's scripts off through the
 * protocol (`Emulation.setScriptExecutionDisabled`); the driver's own scripts still run.
 * Page problems come from a watcher in each document (installed before the page's scripts)
 * and from failed requests (puppeteer.ts: the session).
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { drainWatch, type Engine, type Session, type SessionOptions } from './browser.ts';
import { PuppeteerSession } from './puppeteer.ts';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Requests the page itself gave up (a navigation replacing the document, a removed image). */
const ABORTED = /net::ERR_ABORTED/;

export class ChromiumEngine implements Engine {
  readonly name = 'chromium' as const;
  #browser: Promise<Browser> | undefined;

  async newSession(options: SessionOptions): Promise<Session> {
    const browser = await (this.#browser ??= puppeteer.launch({
      browser: 'chrome',
      executablePath: CHROMIUM,
      headless: true,
      acceptInsecureCerts: true,
      args: ARGS,
    }));
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(options.viewport);
    if (!options.javaScript) await page.setJavaScriptEnabled(false);
    await page.evaluateOnNewDocument(`(${drainWatch.toString()})()`);
    return new PuppeteerSession(page, ABORTED);
  }

  async close(): Promise<void> {
    await (await this.#browser)?.close();
  }
}
