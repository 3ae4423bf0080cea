/**
 * The challenge calendar (decision 0062) for reader01, who has a run under way (the seed:
 * started five days ago, checked in through yesterday): today is marked, the check-in days
 * are named for screen readers, months move by links (also without JavaScript), and the page
 * fits 320 px. Check-in without JavaScript is a page action (on a portal of its own: it writes).
 */
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, hydrated, test } from './fixtures.ts';
import { signIn } from './sign-in.ts';

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

// The check-in without JavaScript writes: on a portal of this spec's own.
test.use({ portalEnv: {} });

/** A Seoul day `n` days from today: its YYYY-MM and its name in the calendar. */
function seoulDay(n: number): { month: string; name: string } {
  const d = new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000);
  return {
    month: d.toISOString().slice(0, 7),
    name: `${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일 ${WEEKDAYS[d.getUTCDay()] ?? ''}요일`,
  };
}

async function openCalendar(page: Page, month?: string) {
  await page.goto(`/challenge/challenge${month ? `?month=${month}` : ''}`);
  await hydrated(page);
  return page.locator('table.calendar');
}

test('today is marked and reader01’s check-ins are named', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const today = seoulDay(0);
  const table = await openCalendar(page);
  await expect(page.getByRole('heading', { name: '출석판' })).toBeVisible();
  const current = table.locator('td[aria-current="date"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(`${today.name}, 오늘`);
  // Column headers are the weekdays.
  await expect(table.getByRole('columnheader')).toHaveText(WEEKDAYS.map((w) => `${w}${w}요일`));
  // The five check-ins (today − 5 … today − 1), in this month or the one before.
  for (let n = -5; n <= -1; n++) {
    const day = seoulDay(n);
    const t = await openCalendar(page, day.month);
    await expect(t.getByRole('cell', { name: new RegExp(`^${day.name}, (챌린지 시작일, )?출석함, \\d+포인트$`) })).toHaveCount(1);
  }
  const t = await openCalendar(page, today.month);
  await expect(t.getByRole('cell', { name: /출석함/ })).toHaveCount([-5, -4, -3, -2, -1].filter((n) => seoulDay(n).month === today.month).length);
});

test('months move with links; focus stays on the link', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await openCalendar(page);
  const month = page.locator('.calendar__month');
  const shown = await month.textContent();
  const next = page.getByRole('link', { name: /^다음 달, / });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?month=\d{4}-\d{2}#calendar$/);
  await expect(month).not.toHaveText(shown ?? '');
  await expect(page.getByRole('link', { name: /^이전 달, / })).toBeVisible();
  // Focus stays on the link, or on the month when the link is gone (the last month has no next).
  const focused = await page.evaluate(() => `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`);
  expect(focused).toMatch(/^(A (다음 달|이전 달)|H3 \d{4}년 \d{1,2}월)$/);
  await page.getByRole('link', { name: /^이전 달, / }).click();
  await expect(month).toHaveText(shown ?? '');
});

for (const width of [320, PHONE.width]) {
  test(`the calendar page fits ${width} px without scrolling sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await signIn(page);
    await openCalendar(page);
    await expect(page.locator('td[aria-current="date"]')).toBeVisible();
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    const table = await page.locator('table.calendar').boundingBox();
    expect((table?.x ?? 0) + (table?.width ?? Infinity)).toBeLessThanOrEqual(width);
  });
}

test.describe('without JavaScript, on a portal of its own', () => {
  test.describe.configure({ mode: 'serial' });

  test('checking in is a form post; the calendar shows today checked', async ({ browser, portal }) => {
    const js = await browser.newContext({ baseURL: portal.url, viewport: PHONE, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    await signIn(await js.newPage());
    const noJs = await browser.newContext({ baseURL: portal.url, viewport: PHONE, locale: 'ko-KR', timezoneId: 'Asia/Seoul', javaScriptEnabled: false, storageState: await js.storageState() });
    await js.close();
    const page = await noJs.newPage();
    await page.goto('/challenge/challenge');
    const today = seoulDay(0);
    await expect(page.locator('td[aria-current="date"]')).toContainText(`${today.name}, 오늘`);
    await expect(page.locator('td[aria-current="date"]')).not.toContainText('출석함');
    await page.getByRole('button', { name: '오늘 출석하기' }).click();
    await expect(page).toHaveURL(/\/challenge\/challenge\?done=checkin$/);
    await expect(page.getByRole('status').filter({ hasText: '오늘 출석을 마쳤습니다.' })).toBeVisible();
    await expect(page.locator('td[aria-current="date"]')).toContainText(/출석함, \d+포인트/);
    // The month links are plain links.
    const next = page.getByRole('link', { name: /^다음 달, / });
    if (await next.count()) {
      await next.click();
      await expect(page).toHaveURL(/\?month=\d{4}-\d{2}#calendar$/);
    }
    await noJs.close();
  });
});
