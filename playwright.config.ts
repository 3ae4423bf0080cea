import { defineConfig } from '@playwright/test';

// End-to-end tests against the production build, in Debian's Chromium (no browser
// download). test/e2e/global-setup.ts starts the portal on a free loopback port.
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  // Journeys through several pages need room on a loaded 2-core machine.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
