/**
 * `npm run bench:lighthouse`: Lighthouse (mobile: a mid-range phone on slow 4G, simulated)
 * on the home page, the notice list and a book search, in the system's Chromium, against
 * the production build started the way the README does (embedded reference API), the median
 * of RUNS (3) runs per page. Then it signs in as a member would — typing into the login form
 * in the same Chromium, so the session cookies and the page's local flags are real — and
 * measures the member's home, 나의 활동 (with the charts), 마이페이지 (point history, card) and
 * 21일 챌린지: each run empties the HTTP cache but keeps the sign-in. Prints
 * the performance, accessibility and best-practices scores (target ≥ 95, 100, 100) and the
 * page's installability as Chromium sees it. Exits 1 when a page misses its targets.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';

const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-lh-'));
const portal = spawn(process.execPath, ['server/main.ts'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  portal.once('exit', (code) => reject(new Error(`portal exited with ${code}`)));
  createInterface({ input: portal.stdout }).on('line', (line) => {
    const m = /"url":"(http:\/\/[^"]+)".*"msg":"portal listening"|"msg":"portal listening".*"url":"(http:\/\/[^"]+)"/.exec(line);
    const url = m?.[1] ?? m?.[2];
    if (url) resolve(url.replace('localhost', '127.0.0.1'));
  });
});

const chrome = await chromeLauncher.launch({
  chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const PAGES = [
  ['home', '/main/homemain'],
  ['notice list', '/board/notice/homenotice'],
  ['book search', `/search/booksearch?q=${encodeURIComponent('한강')}`],
] as const;
/** Signed in (reader01, who has history: diaries, a challenge under way, points). */
const MEMBER_PAGES = [
  ['member home', '/main/homemain'],
  ['나의 활동', '/activity/activity'],
  ['마이페이지', '/mypage/mypage'],
  ['21일 챌린지', '/challenge/challenge'],
] as const;
const RUNS = Number(process.env['RUNS'] ?? 3);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;

/** One DevTools-protocol session on a new tab (Node's WebSocket; no client library needed). */
async function devtoolsTab(port: number, url: string) {
  const target = (await (await fetch(`http://127.0.0.1:${port}/json/new?${encodeURIComponent(url)}`, { method: 'PUT' })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  const events: ((method: string) => void)[] = [];
  ws.addEventListener('message', (m: MessageEvent<string>) => {
    const msg = JSON.parse(m.data) as { id?: number; result?: unknown; method?: string };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
    else if (msg.method) for (const f of events) f(msg.method);
  });
  return {
    send<T>(method: string, params: object = {}): Promise<T> {
      const id = ++next;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise<T>((resolve) => pending.set(id, resolve as (r: unknown) => void));
    },
    /** Evaluates an expression in the page and answers its value. */
    async evaluate<T>(expression: string): Promise<T> {
      const r = await this.send<{ result: { value: T } }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      return r.result.value;
    },
    once(method: string): Promise<void> {
      return new Promise((resolve) => events.push((m) => m === method && resolve()));
    },
    async close() {
      ws.close();
      await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
    },
  };
}

/** Chromium's own installability verdict on the home page (Lighthouse 12 has no PWA category). */
async function installability(port: number, url: string): Promise<string[]> {
  const tab = await devtoolsTab(port, 'about:blank');
  try {
    await tab.send('Page.enable');
    const loaded = tab.once('Page.loadEventFired');
    await tab.send('Page.navigate', { url });
    await loaded;
    // The manifest is fetched after load; its icons too. Ask until the verdict stops changing.
    let errors: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await tab.send<{ installabilityErrors: { errorId: string }[] }>('Page.getInstallabilityErrors');
      errors = r.installabilityErrors.map((e) => e.errorId);
      if (errors.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return errors;
  } finally {
    await tab.close();
  }
}

/** Polls the page until `expression` is true (10 s at most). */
async function until(tab: Awaited<ReturnType<typeof devtoolsTab>>, expression: string, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await tab.evaluate<boolean>(expression)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Signs reader01 in through the login form, typed as a member would (keyboard input events
 * into the hydrated form, then the 로그인 button), and waits for the member's home.
 */
async function signInThroughTheForm(port: number): Promise<void> {
  const tab = await devtoolsTab(port, 'about:blank');
  try {
    await tab.send('Page.enable');
    const loaded = tab.once('Page.loadEventFired');
    await tab.send('Page.navigate', { url: `${base}/login/login` });
    await loaded;
    await until(tab, "document.documentElement.dataset.hydrated === 'true'", 'the login page to hydrate');
    for (const [id, text] of [['user_id', 'reader01'], ['user_pass', MEMBER_PASSWORD]] as const) {
      await tab.evaluate(`document.getElementById('${id}').focus()`);
      await tab.send('Input.insertText', { text });
    }
    await tab.evaluate("document.querySelector('form button[type=submit]').click()");
    await until(tab, "location.pathname === '/main/homemain' && document.body.innerText.includes('김서연')", 'the member home after signing in');
  } finally {
    await tab.close();
  }
}

let missed = 0;
const lines: string[] = ['| page | performance | accessibility | best practices | LCP | TBT | CLS |', '|---|---|---|---|---|---|---|'];

/** The median of RUNS Lighthouse runs of one page, as a table row; counts missed targets. */
async function measure(name: string, path: string, signedIn: boolean): Promise<void> {
  // The median of RUNS runs by performance score (Lighthouse's own advice: one run varies
  // with what the machine is doing). A visitor's run starts with emptied caches and storage;
  // a member's keeps the cookies and local flags of the sign-in and empties the HTTP cache.
  const runs = [];
  let retries = 0;
  for (let i = 0; i < RUNS; i++) {
    if (signedIn) {
      const tab = await devtoolsTab(chrome.port, 'about:blank');
      await tab.send('Network.clearBrowserCache');
      await tab.close();
    }
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
      ...(signedIn ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    if (result.lhr.runtimeError) {
      console.log(`  ${name}: Lighthouse could not measure — ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
      // A failed recording (NO_NAVSTART now and then) is no measurement: run again, twice at most.
      if (++retries <= 2) {
        i--;
        continue;
      }
    }
    if (signedIn && new URL(result.lhr.finalDisplayedUrl).pathname !== path) throw new Error(`${name}: not signed in (ended on ${result.lhr.finalDisplayedUrl})`);
    runs.push(result.lhr);
  }
  runs.sort((a, b) => (a.categories['performance']?.score ?? 0) - (b.categories['performance']?.score ?? 0));
  const lhr = runs[Math.floor(runs.length / 2)];
  if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
  console.log(`  ${name}: performance of the ${RUNS} runs ${runs.map((r) => Math.round((r.categories['performance']?.score ?? 0) * 100)).join(', ')}`);
  const { categories, audits } = lhr;
  const score = (id: keyof typeof TARGETS) => Math.round((categories[id]?.score ?? 0) * 100);
  for (const id of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) if (score(id) < TARGETS[id]) missed++;
  lines.push(
    `| ${name} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${audits['largest-contentful-paint']?.displayValue ?? ''} | ${audits['total-blocking-time']?.displayValue ?? ''} | ${audits['cumulative-layout-shift']?.displayValue ?? ''} |`,
  );
  if (process.env['LHR_DIR']) writeFileSync(join(process.env['LHR_DIR'], `${name}.json`), JSON.stringify(lhr));
  // What blocks the main thread, when the score misses: the long tasks and whose script they ran.
  const longTasks = audits['long-tasks']?.details;
  if (score('performance') < TARGETS.performance && longTasks && longTasks.type === 'table') {
    for (const item of longTasks.items.slice(0, 5)) console.log(`  ${name}: long task ${Math.round(Number(item['duration']))} ms at ${Math.round(Number(item['startTime']))} ms ${String(item['url']).replace(base, '')}`);
  }
  for (const id of ['largest-contentful-paint-element', 'render-blocking-resources', 'unused-javascript', 'layout-shifts']) {
    const a = audits[id];
    if (a && a.score !== null && a.score < 1) console.log(`  ${name}: ${id} — ${a.displayValue ?? a.title}`);
  }
  // What moved: the elements of the layout shifts, so a CLS above 0 names its cause.
  const shifts = audits['layout-shifts']?.details;
  if (shifts && shifts.type === 'table') {
    for (const item of shifts.items) {
      const node = item['node'];
      const selector = typeof node === 'object' && node !== null && 'selector' in node ? String(node.selector) : '';
      console.log(`  ${name}: layout shift ${typeof item['score'] === 'number' ? item['score'].toFixed(3) : ''} ${selector}`);
    }
  }
  for (const [id, a] of Object.entries(audits)) {
    if (categories['accessibility']?.auditRefs.some((r) => r.id === id) && a.score !== null && a.score < 1) console.log(`  ${name}: accessibility — ${a.title}`);
  }
}

try {
  for (const [name, path] of PAGES) await measure(name, path, false);
  await signInThroughTheForm(chrome.port);
  for (const [name, path] of MEMBER_PAGES) await measure(name, path, true);
  const errors = await installability(chrome.port, `${base}/main/homemain`);
  if (errors.length > 0) missed++;
  console.log(errors.length === 0 ? 'installable: yes (manifest, icons, service worker)' : `installable: no — ${errors.join(', ')}`);
} finally {
  await chrome.kill();
  portal.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(lines.join('\n'));
console.log(`targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']}`);
portal.stdout.destroy();
process.exitCode = missed > 0 ? 1 : 0;
