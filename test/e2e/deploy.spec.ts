/**
 * A deploy during a visit (issue 38, decision 0145), with the service worker blocked (a first
 * visit, a private window, an in-app browser): two builds with different file names served in
 * turn at one address under one open tab.
 * - With the previous build's files kept (the archive): the open tab's 전체메뉴 (a chunk it never
 *   loaded) opens, every member page opens, the tab moves to the new build at a change of page
 *   and says so, and a write goes through.
 * - Without them: the first missing chunk reloads the page once (no loop), onto the new build.
 * Build B is this project copied to a temporary folder with one word changed, built there.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { isLoginPath, pages, type PageDef } from '#shared/routes.ts';
import { E2E_ENV, startPortalProcess, type PortalProcess } from '#test/fixtures/process.ts';
import { PHONE, expect, hydrated, test } from './fixtures.ts';
import { signIn } from './sign-in.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const COPYRIGHT_A = '모든 권리 보유.';
const COPYRIGHT_B = '모든 권리를 보유합니다.';

/** The project copied with one word changed, and built: most of its chunks get new names. */
function buildB(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-build-b-'));
  for (const part of ['server', 'shared', 'client', 'scripts', 'package.json', 'vite.config.ts', 'tsconfig.json']) {
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const messages = join(dir, 'shared', 'messages.ts');
  writeFileSync(messages, readFileSync(messages, 'utf8').replace(`'${COPYRIGHT_A}'`, `'${COPYRIGHT_B}'`));
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: dir, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build B failed:\n${built.stdout}\n${built.stderr}`);
  return dir;
}

/**
 * One address for both builds: forwards to whichever portal is current. While the portals
 * change (`hold`), requests wait for the next one, as a load balancer's retry would make them.
 */
async function frontDoor(): Promise<{ url: string; to(target: string): void; hold(): void; close(): Promise<void> }> {
  let target: Promise<string> = Promise.resolve('');
  let release: (t: string) => void = () => undefined;
  const server: Server = createServer((req, res) => {
    void target.then((base) => {
      const upstream = new URL(req.url ?? '/', base);
      // The browser's own Host goes on: the portal checks it against the Origin of writes.
      const out = request(upstream, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      req.pipe(out);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    to: (t) => {
      release(t);
      target = Promise.resolve(t);
    },
    hold: () => {
      target = new Promise((resolve) => (release = resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every page of the page table a member can open by its address alone (no parameters). */
const PAGES: [string, string][] = (pages as readonly PageDef[])
  .filter((p) => !p.params && !p.testLoginOnly && !isLoginPath(p.path) && !['homeAlt', 'inapp', 'agree'].includes(p.id))
  .map((p) => [p.path, p.title]);

test.describe.configure({ mode: 'serial' });

let projectB = '';
test.beforeAll(async () => {
  test.setTimeout(300_000);
  projectB = buildB();
});
test.afterAll(() => {
  if (projectB) rmSync(projectB, { recursive: true, force: true });
});

interface Deploy {
  door: Awaited<ReturnType<typeof frontDoor>>;
  a: PortalProcess;
  dataDir: string;
  /** Stops A and puts B behind the same address. */
  switchToB(env?: Record<string, string>): Promise<PortalProcess>;
  close(): Promise<void>;
}

async function deploy(): Promise<Deploy> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-deploy-'));
  // B takes requests the moment it listens, on a machine busy with this run: its start is not overload.
  const env = { ...E2E_ENV, DATA_DIR: dataDir, SESSION_SECRET: 'deploy-test-secret-0123456789abcdef0123', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' };
  const door = await frontDoor();
  const a = await startPortalProcess(env);
  door.to(a.url);
  let b: PortalProcess | undefined;
  return {
    door,
    a,
    dataDir,
    async switchToB(extra = {}) {
      door.hold();
      await a.stop();
      b = await startPortalProcess({ ...env, ...extra }, { cwd: projectB });
      door.to(b.url);
      return b;
    },
    async close() {
      await a.stop();
      await b?.stop();
      await door.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openTab(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: PHONE, locale: 'ko-KR', timezoneId: 'Asia/Seoul', serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page);
  await hydrated(page);
  await expect(page.getByText(COPYRIGHT_A)).toBeVisible();
  return page;
}

/** A change of page as a member makes it: a link the router follows (no full load by the test). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    const a = document.createElement('a');
    a.href = p;
    document.body.append(a);
    a.click();
    a.remove();
  }, path);
}

test('with the previous build kept: the open tab works on, moves to the new build at a change of page, and writes', async ({ browser }) => {
  test.setTimeout(240_000);
  const d = await deploy();
  try {
    const page = await openTab(browser, d.door.url);
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400 && r.url().includes('/assets/')) failed.push(`${r.status()} ${r.url()}`);
    });
    await d.switchToB();

    // The menu's chunk was never loaded by this tab: the previous build's copy is served.
    await page.getByRole('button', { name: '전체메뉴' }).click();
    await expect(page.getByRole('dialog', { name: '전체메뉴' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: '전체메뉴' })).toBeHidden();

    for (const [path, title] of PAGES) {
      await go(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 30_000 });
      await hydrated(page);
    }
    // By now the tab has moved to the new build, and said so once.
    await expect(page.getByText(COPYRIGHT_B)).toBeVisible();
    expect(failed).toEqual([]);

    // A write on the new build.
    await page.goto('/challenge/challenge');
    await hydrated(page);
    await page.getByRole('button', { name: '오늘 출석하기' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(/출석했습니다\./, { timeout: 45_000 });
    await dialog.getByRole('button', { name: '확인' }).click();
    await page.context().close();
  } finally {
    await d.close();
  }
});

test('the new build says once that the tab changed to it', async ({ browser }) => {
  test.setTimeout(240_000);
  const d = await deploy();
  try {
    const page = await openTab(browser, d.door.url);
    await d.switchToB();
    // An answer of the new build tells the tab; its next change of page is a full load.
    await go(page, '/activity/activity');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('나의 활동', { timeout: 30_000 });
    await page.evaluate(() => Object.assign(window, { __before: true }));
    await go(page, '/challenge/challenge');
    await page.waitForFunction(() => !('__before' in window) && document.documentElement.dataset['hydrated'] === 'true', undefined, { timeout: 30_000 });
    await expect(page.getByText('새 버전으로 바뀌었어요.')).toBeVisible();
    await expect(page.getByText(COPYRIGHT_B)).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(page.getByText('새 버전으로 바뀌었어요.')).toBeHidden();
    await page.context().close();
  } finally {
    await d.close();
  }
});

test('without the previous build\'s files: a missing chunk reloads the page once, onto the new build', async ({ browser }) => {
  test.setTimeout(240_000);
  const d = await deploy();
  try {
    const page = await openTab(browser, d.door.url);
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await d.switchToB({ ASSET_ARCHIVE_DAYS: '0' });
    await page.getByRole('button', { name: '전체메뉴' }).click();
    // The menu's chunk is gone: the page reloads once, onto build B, and the menu then opens.
    await expect(page.getByText(COPYRIGHT_B)).toBeVisible({ timeout: 30_000 });
    await hydrated(page);
    expect(loads).toBe(1);
    await page.getByRole('button', { name: '전체메뉴' }).click();
    await expect(page.getByRole('dialog', { name: '전체메뉴' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '오류가 발생했습니다' })).toBeHidden();
    await page.context().close();
  } finally {
    await d.close();
  }
});
