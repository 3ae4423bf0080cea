/**
 * `npm run screenshots`: the README's pictures of the portal, made from the
 * production build. Starts the portal as `npm start` does (`node server/main.ts`, the embedded
 * reference API seeded into a throwaway DATA_DIR) on a free loopback port, signs reader01 in
 * through the login form in the system's Chromium at 360 px, and writes PNGs of the member
 * home, 나의 활동, 마이페이지 포인트 내역 and the 21일 챌린지, and 나의 활동 in 고대비, to
 * docs/screenshots/. One screen each (360 × 740, device pixel ratio 1), to stay small.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { DISPLAY_COOKIE } from '#shared/display.ts';
import { startPortalProcess } from '#test/fixtures/process.ts';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const VIEWPORT = { width: 360, height: 740 };

interface Shot {
  file: string;
  path: string;
  /** Scroll this element to the top of the screen (below the sticky header) first. */
  scrollTo?: string;
  highContrast?: boolean;
}

const SHOTS: readonly Shot[] = [
  { file: 'member-home-360.png', path: '/main/homemain' },
  { file: 'activity-360.png', path: '/activity/activity' },
  { file: 'mypage-points-360.png', path: '/mypage/mypage?search_type=point', scrollTo: 'form.filters' },
  { file: 'challenge-360.png', path: '/challenge/challenge' },
  { file: 'activity-high-contrast-360.png', path: '/activity/activity', highContrast: true },
];

const say = (message: string) => process.stdout.write(`screenshots: ${message}\n`);

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
  await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Two frames painted with everything in place (the sticky header is a layer of its own).
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

const portal = await startPortalProcess();
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--hide-scrollbars'],
});
try {
  mkdirSync(OUT, { recursive: true });
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'ko-KR', timezoneId: 'Asia/Seoul', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${portal.url}/login/login`);
  await settle(page);
  await page.getByLabel('아이디').fill('reader01');
  await page.getByLabel('비밀번호').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL(/\/main\/homemain$/);
  for (const shot of SHOTS) {
    await context.addCookies([{ name: DISPLAY_COOKIE, value: shot.highContrast ? 'high-contrast.normal' : 'default.normal', url: portal.url }]);
    await page.goto(portal.url + shot.path);
    await settle(page);
    if (shot.scrollTo) await page.locator(shot.scrollTo).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    // The header's shadow and the focus ring of a click are not part of the picture.
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
    await page.screenshot({ path: join(OUT, shot.file), animations: 'disabled' });
    say(`docs/screenshots/${shot.file}`);
  }
  await context.close();
} finally {
  await browser.close();
  await portal.stop();
}
