/**
 * `npm run bench:lighthouse`: Lighthouse (mobile: a mid-range phone on slow 4G, simulated)
 * on the home page, the notice list and a book search, in the system's Chromium, against
 * the production build started the way the README does (embedded reference API), the median
 * of RUNS (3) runs per page. Prints
 * the performance, accessibility and best-practices scores (target ≥ 95, 100, 100) and the
 * page's installability as Chromium sees it. Exits 1 when a page misses its targets.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-lh-'));
const portal = spawn(process.execPath, ['server/main.ts'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', COOKIE_SECURE: 'N', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
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

let missed = 0;
const lines: string[] = ['| page | performance | accessibility | best practices | LCP | TBT | CLS |', '|---|---|---|---|---|---|---|'];
try {
  for (const [name, path] of PAGES) {
    // The median of RUNS runs by performance score (Lighthouse's own advice: one run varies
    // with what the machine is doing; each run starts with emptied caches and storage).
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
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
    for (const id of ['largest-contentful-paint-element', 'render-blocking-resources', 'unused-javascript']) {
      const a = audits[id];
      if (a && a.score !== null && a.score < 1) console.log(`  ${name}: ${id} — ${a.displayValue ?? a.title}`);
    }
  }
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
