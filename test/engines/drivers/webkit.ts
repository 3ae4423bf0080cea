/**
 * WebKit through classic WebDriver: Debian's WebKitWebDriver (package webkit2gtk-driver)
 * drives WebKitGTK's MiniBrowser, on an X display of our own (Xvfb). The `webdriver` package
 * (WebdriverIO's protocol client) speaks to a WebKitWebDriver started here on a free loopback
 * port, one per session: a session is its own MiniBrowser with its own cookies. WEBKIT_DRIVER,
 * MINIBROWSER_PATH and XVFB_PATH override the Debian paths.
 *
 * Classic WebDriver has no event stream and no script that runs before the page's own, and this
 * WebKitGTK build answers no BiDi (`webSocketUrl`). So problems are collected in the page: each
 * call into it first installs a watcher (uncaught errors, unhandled rejections, console.error,
 * elements whose load failed) if the document has none, and hands over what it saw. What a
 * document did before the first call (its load) is checked by its result instead: the page must
 * hydrate, and every request it made must appear in the portal's log (journeys.ts).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebDriver, { type Client } from 'webdriver';
import { freePort } from '#test/fixtures/ports.ts';
import { boxStill, drainWatch, findElement, stillBox, waitFor, type BrowserCookie, type Engine, type Json, type Key, type Query, type Session, type SessionOptions, type Viewport } from './browser.ts';

const DRIVER = process.env['WEBKIT_DRIVER'] ?? '/usr/bin/WebKitWebDriver';
/** Tries at a new session, each with its own driver, and how long each may take. */
const SESSION_ATTEMPTS = 3;
const SESSION_TIMEOUT_MS = 60_000;
const MINIBROWSER = process.env['MINIBROWSER_PATH'] ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = process.env['XVFB_PATH'] ?? '/usr/bin/Xvfb';
const XDOTOOL = process.env['XDOTOOL_PATH'] ?? '/usr/bin/xdotool';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** WebDriver's key codes (W3C WebDriver §17.4.2). */
const KEYS: Record<Key | 'Backspace', string> = {
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  ShiftTab: '\uE004',
  Space: '\uE00D',
  ArrowDown: '\uE015',
  ArrowRight: '\uE014',
  Backspace: '\uE003',
};

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide; this stylesheet (read by GTK
 * from XDG_CONFIG_HOME) lets the toolbar shrink so a window can be as narrow as a phone. Its
 * address field still asks for 150 px (GTK 3's least width of an entry, whatever its font),
 * which kept the window at 305 px or more: a negative margin lets the field overlap its
 * neighbours in the toolbar, so the window reaches 280 px (a folded phone's cover screen).
 * It styles the browser's own widgets only, never the page.
 */
const NARROW_TOOLBAR_CSS = 'headerbar, toolbar, .toolbar, entry, button { min-width: 0; min-height: 0; padding: 0; margin: 0; }\nentry { margin: 0 -75px; }\n';

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The page's viewport once the window has drawn twice: a resize lands a frame or more after it is asked for. */
async function viewportAfterFrames(client: Client): Promise<[number, number]> {
  const script = 'const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done([innerWidth, innerHeight])));';
  return (await client.executeAsyncScript(script, [])) as [number, number];
}

/**
 * The window's width is the page's; the toolbar is above it: set, measured once the resize has
 * landed, set again if it differs. A loaded machine draws late (CI once measured 335 px for 320
 * after four immediate tries), so the measure waits for two frames and two equal readings, and
 * the whole fit has a deadline rather than a count.
 */
async function fitWindow(client: Client, { width, height }: Viewport): Promise<void> {
  await client.setWindowRect(null, null, width, height);
  const deadline = Date.now() + 15_000;
  let inner = await viewportAfterFrames(client);
  while (Date.now() < deadline) {
    if (inner[0] === width && inner[1] === height) return;
    const again = await viewportAfterFrames(client);
    if (again[0] !== inner[0] || again[1] !== inner[1]) {
      inner = again; // still settling
      continue;
    }
    const rect = await client.getWindowRect();
    await client.setWindowRect(null, null, rect.width + width - inner[0], rect.height + height - inner[1]);
    inner = await viewportAfterFrames(client);
  }
  if (inner[0] !== width) throw new Error(`WebKit: a ${width} px viewport was asked for, the window gives ${inner[0]} px`);
}

interface WebKitCapabilities {
  browserName: 'MiniBrowser';
  acceptInsecureCerts: true;
  'wdio:enforceWebDriverClassic': true;
  'webkitgtk:browserOptions': { binary: string; args: string[] };
}

interface Answer<R> {
  value: R;
  problems: string[];
}

class WebKitSession implements Session {
  readonly #client: Client;
  readonly #driver: ChildProcess;
  readonly #problems: string[] = [];

  readonly #closed: () => void;
  readonly #focusWindow: () => Promise<void>;

  constructor(client: Client, driver: ChildProcess, closed: () => void, focusWindow: () => Promise<void>) {
    this.#client = client;
    this.#driver = driver;
    this.#closed = closed;
    this.#focusWindow = focusWindow;
  }

  /** Runs `body` (a function's source) in the page after the watcher; keeps what the watcher saw. */
  async #run<R>(source: string, args: Json[]): Promise<R> {
    const script = `const problems = (${drainWatch.toString()})(); return { value: (${source}).apply(null, arguments), problems };`;
    const answer = (await this.#client.executeScript(script, args)) as Answer<R>;
    this.#problems.push(...answer.problems);
    return answer.value;
  }

  /**
   * Once, right after signing in (the landing page still settling), WebKitWebDriver answered a
   * navigation with "unknown error" and loaded nothing: a page load is a GET, so it is asked once more.
   */
  async goto(url: string): Promise<void> {
    await this.#run('() => null', []).catch(() => null);
    try {
      await this.#client.navigateTo(url);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes('unknown error')) throw err;
      await this.#client.navigateTo(url);
    }
  }

  evaluate<A extends Json[], R extends Json | undefined>(fn: (...args: A) => R, ...args: A): Promise<R> {
    return this.#run<R>(fn.toString(), args);
  }

  evaluateSource<R extends Json | undefined>(source: string, args: Json[]): Promise<R> {
    return this.#run<R>(source, args);
  }

  /** The window's size is the viewport's plus the toolbar: measured, then set again if it differs. */
  async resize(viewport: Viewport): Promise<void> {
    await fitWindow(this.#client, viewport);
    // A window resized without a window manager loses the keyboard focus.
    await this.#focusWindow();
  }

  async #find(query: Query): Promise<string | null> {
    const el = await this.#run<Record<string, string> | null>(findElement.toString(), [query]);
    return el?.[ELEMENT] ?? null;
  }

  /**
   * WebDriver scrolls an element only until it is in view, which can leave it under the
   * phone's fixed bar at the bottom (a person scrolls further): to the middle first.
   */
  async #toMiddle(id: string): Promise<void> {
    await this.#client.executeScript("arguments[0].scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' })", [{ [ELEMENT]: id }]);
  }

  async click(query: Query): Promise<boolean> {
    const id = await this.#find(query);
    if (!id) return false;
    await this.#toMiddle(id);
    await boxStill(() => this.#client.executeAsyncScript(`const done = arguments[arguments.length - 1]; (${stillBox.toString()})(arguments[0]).then(() => done(null));`, [{ [ELEMENT]: id }]));
    await this.#client.elementClick(id);
    return true;
  }

  async type(query: Query, text: string): Promise<boolean> {
    const id = await this.#find(query);
    if (!id) return false;
    await this.#toMiddle(id);
    await this.#client.elementClear(id);
    await this.#client.elementSendKeys(id, text);
    return true;
  }

  async press(key: Key): Promise<void> {
    const value = KEYS[key];
    const SHIFT = '\uE008';
    const actions =
      key === 'ShiftTab'
        ? [{ type: 'keyDown', value: SHIFT }, { type: 'keyDown', value }, { type: 'keyUp', value }, { type: 'keyUp', value: SHIFT }]
        : [{ type: 'keyDown', value }, { type: 'keyUp', value }];
    await this.#client.performActions([{ type: 'key', id: 'keyboard', actions }]);
    await this.#client.releaseActions();
  }

  async keys(text: string): Promise<void> {
    const actions = [...text].flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]);
    await this.#client.performActions([{ type: 'key', id: 'keyboard', actions }]);
    await this.#client.releaseActions();
  }

  async cookies(): Promise<BrowserCookie[]> {
    const all = await this.#client.getAllCookies();
    return all.map((c) => ({
      name: c.name,
      value: c.value,
      path: c.path ?? '/',
      secure: c.secure ?? false,
      httpOnly: c.httpOnly ?? false,
      ...(c.expiry === undefined ? {} : { expiry: c.expiry }),
    }));
  }

  async addCookies(cookies: readonly BrowserCookie[]): Promise<void> {
    for (const c of cookies) {
      await this.#client.addCookie({
        name: c.name,
        value: c.value,
        path: c.path,
        secure: c.secure,
        httpOnly: c.httpOnly,
        sameSite: 'Lax',
        ...(c.expiry === undefined ? {} : { expiry: c.expiry }),
      });
    }
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.#client.takeScreenshot(), 'base64');
  }

  async problems(): Promise<string[]> {
    await this.#run('() => null', []).catch(() => null);
    return [...this.#problems];
  }

  async close(): Promise<void> {
    this.#closed();
    try {
      await this.#client.deleteSession();
    } catch {
      // the browser is gone already
    } finally {
      await stop(this.#driver);
    }
  }
}

export class WebKitEngine implements Engine {
  readonly name = 'webkit' as const;
  readonly #config = mkdtempSync(join(tmpdir(), 'engines-webkit-'));
  #display: Promise<{ xvfb: ChildProcess; display: string }> | undefined;
  /** Sessions a failed journey left open: closed with the engine. */
  readonly #open = new Set<Session>();

  constructor() {
    mkdirSync(join(this.#config, 'gtk-3.0'));
    writeFileSync(join(this.#config, 'gtk-3.0', 'gtk.css'), NARROW_TOOLBAR_CSS);
  }

  /** An X display of our own: Xvfb picks a free number and writes it to the fd we give it. */
  #startXvfb(): Promise<{ xvfb: ChildProcess; display: string }> {
    return new Promise((resolve, reject) => {
      const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], {
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      });
      let err = '';
      xvfb.stderr?.on('data', (d: Buffer) => (err += d.toString()));
      xvfb.once('error', reject);
      xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${err}`)));
      const fd = xvfb.stdio[3];
      if (!fd || !('on' in fd)) return reject(new Error('Xvfb: no display fd'));
      let out = '';
      fd.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve({ xvfb, display: `:${out.trim()}` });
      });
    });
  }

  /**
   * Xvfb has no window manager, so no MiniBrowser window has the keyboard focus: the document
   * never has focus, `:focus` and `:focus-visible` never match and focusing scrolls nothing.
   * A session's window (the MiniBrowser windows that were not there before it) is given the
   * focus, as a person's window has it (xdotool, Debian's).
   */
  async #windowsOf(display: string): Promise<Set<string>> {
    const { stdout } = await promisify(execFile)(XDOTOOL, ['search', '--class', 'MiniBrowser'], { env: { ...process.env, DISPLAY: display } }).catch(() => ({ stdout: '' }));
    return new Set(stdout.split('\n').map((w) => w.trim()).filter(Boolean));
  }

  async #focusNewWindow(display: string, before: Set<string>): Promise<() => Promise<void>> {
    const env = { ...process.env, DISPLAY: display };
    const fresh = [...(await this.#windowsOf(display))].filter((w) => !before.has(w));
    const focus = async () => {
      for (const w of fresh) await promisify(execFile)(XDOTOOL, ['windowfocus', '--sync', w], { env }).catch(() => null);
    };
    await focus();
    return focus;
  }

  /**
   * A session; a new driver and browser when one does not answer in time. On a loaded machine
   * a MiniBrowser once never answered the driver's new-session request (CI, WebDriver's
   * 120 s timeout); the next one started in seconds.
   */
  async newSession(options: SessionOptions): Promise<Session> {
    const { display } = await (this.#display ??= this.#startXvfb());
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#tryNewSession(options, display);
      } catch (err) {
        if (attempt >= SESSION_ATTEMPTS) throw err;
        console.log(`webkit: no session on attempt ${attempt} (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); starting a new driver`);
      }
    }
  }

  async #tryNewSession(options: SessionOptions, display: string): Promise<Session> {
    const port = await freePort();
    const windowsBefore = await this.#windowsOf(display);
    const driver = spawn(DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: this.#config },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    driver.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    try {
      await waitFor(`WebKitWebDriver on port ${port}`, async () => {
        if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${log}`);
        const res = await fetch(`http://127.0.0.1:${port}/status`);
        return res.ok;
      });
      const capabilities: WebKitCapabilities = {
        browserName: 'MiniBrowser',
        acceptInsecureCerts: true,
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER,
          args: ['--automation', ...(options.javaScript ? [] : ['--enable-javascript=false'])],
        },
      };
      const client = await WebDriver.newSession({
        hostname: '127.0.0.1',
        port,
        logLevel: 'silent',
        connectionRetryCount: 0,
        connectionRetryTimeout: SESSION_TIMEOUT_MS,
        capabilities: capabilities as WebdriverIO.Capabilities,
      });
      await fitWindow(client, options.viewport);
      const focusWindow = await this.#focusNewWindow(display, windowsBefore);
      const session: Session = new WebKitSession(client, driver, () => this.#open.delete(session), focusWindow);
      this.#open.add(session);
      return session;
    } catch (err) {
      await stop(driver);
      throw err;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.#open].map((s) => s.close()));
    const started = await this.#display;
    if (started) await stop(started.xvfb);
    rmSync(this.#config, { recursive: true, force: true });
  }
}
