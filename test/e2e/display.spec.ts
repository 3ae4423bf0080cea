/**
 * 화면 설정 in a real browser (decision 0060): the header's disclosure (wide screens) and the
 * mobile menu (phones) switch KRDS's high-contrast mode and the text size, at once and after a
 * reload; the server's HTML already carries them (no flash); without JavaScript the same form
 * works through the 화면 설정 page; the system's wish for more contrast applies when nothing
 * was chosen; with reduced motion nothing moves.
 */
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, hydrated, test } from './fixtures.ts';

const rootFontPx = (page: Page) => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const BLACK = 'rgb(0, 0, 0)';
const WHITE = 'rgb(255, 255, 255)';

test('wide screens: the header’s 화면 설정 switches contrast and size, and a reload keeps them', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/board/notice/homenotice');
  await hydrated(page);
  expect(await bodyBackground(page)).toBe(WHITE);
  expect(await rootFontPx(page)).toBe(10);

  const trigger = page.getByRole('button', { name: '화면 설정' });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('group', { name: '화면 설정' });
  await expect(panel.getByRole('group', { name: '화면 대비' })).toBeVisible();
  await expect(panel.getByRole('group', { name: '글자 크기' })).toBeVisible();
  await expect(panel.getByRole('radio', { name: '기본' })).toBeChecked();
  await expect(panel.getByRole('radio', { name: '보통' })).toBeChecked();
  // Keyboard: arrows move within a radio group, Space/Enter on 적용.
  await panel.getByRole('radio', { name: '기본' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('radio', { name: '고대비' })).toBeChecked();
  await panel.getByRole('radio', { name: '아주 크게' }).check();
  await panel.getByRole('button', { name: '적용' }).press('Enter');
  await expect(panel.locator('.display-settings__status')).toHaveText('화면 설정을 적용했습니다.');
  // Said by the portal's one announcer (decision 0143).
  await expect(page.locator('#announcer')).toHaveText('화면 설정을 적용했습니다.');

  await expect(page.locator('html')).toHaveAttribute('data-krds-mode', 'high-contrast');
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'xlarge');
  expect(await bodyBackground(page)).toBe(BLACK);
  expect(await rootFontPx(page)).toBeCloseTo(13, 1);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.reload();
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-krds-mode', 'high-contrast');
  expect(await rootFontPx(page)).toBeCloseTo(13, 1);
  // The server's HTML carries it: the first paint is already high contrast and large.
  const html = await (await page.request.get('/board/notice/homenotice', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('<html lang="ko" data-krds-mode="high-contrast" data-text-size="xlarge">');

  // And back to 기본 / 보통.
  await trigger.click();
  await panel.getByRole('radio', { name: '기본' }).check();
  await panel.getByRole('radio', { name: '보통' }).check();
  await panel.getByRole('button', { name: '적용' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-krds-mode', 'light');
  expect(await bodyBackground(page)).toBe(WHITE);
  expect(await rootFontPx(page)).toBe(10);
});

test('phones: 화면 설정 in the mobile menu', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/main/homemain');
  await hydrated(page);
  await page.getByRole('button', { name: '전체메뉴' }).click();
  const menu = page.getByRole('dialog', { name: '전체메뉴' });
  const section = menu.getByRole('button', { name: '화면 설정' });
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('radio', { name: '고대비' }).check();
  await menu.getByRole('radio', { name: '크게', exact: true }).check();
  await menu.getByRole('button', { name: '적용' }).click();
  await expect(menu.locator('.display-settings__status')).toHaveText('화면 설정을 적용했습니다.');
  // Said inside the open menu: the modal dialog makes the shell's announcer inert.
  await expect(menu.locator('[aria-live]')).toHaveText('화면 설정을 적용했습니다.');
  await expect(page.locator('html')).toHaveAttribute('data-krds-mode', 'high-contrast');
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'large');
  expect(await rootFontPx(page)).toBeCloseTo(11.5, 1);
  await page.reload();
  await hydrated(page);
  expect(await bodyBackground(page)).toBe(BLACK);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP });

  test('the header links to the 화면 설정 page, whose form sets the cookie and comes back', async ({ page }) => {
    await page.goto('/board/faq/homefaq');
    await page.getByRole('link', { name: '화면 설정' }).click();
    await expect(page).toHaveURL(/\/service\/display\?returnTo=%2Fboard%2Ffaq%2Fhomefaq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('화면 설정');
    await page.getByRole('radio', { name: '고대비' }).check();
    await page.getByRole('radio', { name: '아주 크게' }).check();
    await page.getByRole('button', { name: '적용' }).click();
    await expect(page).toHaveURL(/\/board\/faq\/homefaq$/);
    await expect(page.locator('html')).toHaveAttribute('data-krds-mode', 'high-contrast');
    expect(await bodyBackground(page)).toBe(BLACK);
    expect(await rootFontPx(page)).toBeCloseTo(13, 1);
  });
});

test('the system’s wish for more contrast applies until the member chooses', async ({ page, context, baseURL }) => {
  await page.emulateMedia({ contrast: 'more' });
  await page.goto('/main/homemain');
  expect(await bodyBackground(page)).toBe(BLACK);
  await context.addCookies([{ name: 'portal_display', value: 'default.normal', url: baseURL ?? '' }]);
  await page.reload();
  expect(await bodyBackground(page)).toBe(WHITE);
});

test('with reduced motion nothing is animated', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/main/homemain');
  await hydrated(page);
  const durations = await page.evaluate(() =>
    ['.btn', '.site-header', '.loading-overlay'].flatMap((sel) => {
      const el = document.querySelector(sel);
      if (!el) return [];
      const s = getComputedStyle(el);
      return [s.transitionDuration, s.animationName];
    }),
  );
  expect(durations.length).toBeGreaterThan(2);
  for (const d of durations) expect(['0s', 'none']).toContain(d);
});
