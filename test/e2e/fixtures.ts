/**
 * Shared e2e fixtures: the run's portal URL (global setup), a portal of a spec's own, and
 * a console watcher that fails a test on any error or warning in the browser (hydration
 * mismatches, CSP violations, React warnings, failed requests).
 */
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { E2E_ENV, startPortalProcess, type PortalProcess } from '#test/fixtures/process.ts';

export interface ConsoleWatch {
  problems: string[];
  /** Expect a console message (e.g. the browser's own "Failed to load resource … 401"). */
  allow(pattern: RegExp): void;
}

interface OwnPortal {
  /**
   * The environment of the spec's own portal, over E2E_ENV (test/fixtures/process.ts). A spec
   * that uses `portal` sets it at its top, `test.use({ portalEnv: { … } })` (`{}`: nothing
   * more). Each such value is a worker option of its own, so that spec runs in workers of its
   * own, whose portal no other spec writes to.
   */
  portalEnv: Record<string, string> | null;
  /** A portal for the spec that writes, or needs another environment: started once per worker, with fresh data. */
  portal: PortalProcess;
}

export const test = base.extend<{ consoleWatch: ConsoleWatch }, OwnPortal>({
  portalEnv: [null, { scope: 'worker', option: true }],
  portal: [
    async ({ portalEnv }, use) => {
      if (!portalEnv) throw new Error('a spec with a portal of its own sets test.use({ portalEnv: {…} }) at its top');
      const portal = await startPortalProcess({ ...E2E_ENV, ...portalEnv });
      await use(portal);
      await portal.stop();
    },
    // Its own time, as the beforeAll it replaces had: starting a portal is not the first test's.
    { scope: 'worker', timeout: 60_000 },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  baseURL: async ({}, use) => {
    const url = process.env['E2E_BASE_URL'];
    if (!url) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
    await use(url);
  },
  consoleWatch: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const watch: ConsoleWatch = { problems: [], allow: (p) => allowed.push(p) };
      page.on('console', (m: ConsoleMessage) => {
        if (m.type() === 'error' || m.type() === 'warning') watch.problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => watch.problems.push(`pageerror: ${e.message}`));
      await use(watch);
      const unexpected = watch.problems.filter((p) => !allowed.some((a) => a.test(p)));
      expect(unexpected, 'no console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page (the router marks links as discoverable, then effects run). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
}

/** The axe rule tags every accessibility check runs (KWCAG 2.2 / WCAG 2.2 AA). */
/**
 * Runs `action` and waits for the full page load it causes, hydrated: a sign-out first shows a
 * visitor in place, then loads the page again (client/session/actions.ts), and a page read in
 * between goes away under the test.
 */
export async function withFullLoad(page: Page, action: () => Promise<void>): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __before: true }));
  await action();
  await page.waitForFunction(() => !('__before' in window) && document.documentElement.dataset['hydrated'] === 'true');
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };
