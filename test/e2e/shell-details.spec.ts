/**
 * The shell's smaller details in a real browser (decision 0042): one current group in the top menu on the
 * book search, the agreement page showing a member's given consents, and the back button
 * after a full page load (decision 0052).
 */
import { DESKTOP, PHONE, expect, hydrated, test } from './fixtures.ts';

test.describe('the top menu (1280 px)', () => {
  test.use({ viewport: DESKTOP });

  test('책 검색 lights 독서활동 only; its link in 도서 is a plain link', async ({ page }) => {
    await page.goto('/search/booksearch?q=%ED%95%9C%EA%B0%95');
    await hydrated(page);
    const menu = page.getByRole('navigation', { name: '주 메뉴' });
    await expect(menu.locator('.top-menu__item.is-current')).toHaveCount(1);
    await expect(menu.locator('.top-menu__item.is-current').getByRole('button')).toHaveText('독서활동');
    await menu.getByRole('button', { name: '도서' }).click();
    await expect(menu.getByRole('link', { name: '도서 검색' })).not.toHaveAttribute('aria-current', 'page');
    await menu.getByRole('button', { name: '독서활동' }).click();
    await expect(menu.getByRole('link', { name: '독서 시작하기' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('the agreement page', () => {
  test('a member who agreed sees the consents given (with JavaScript)', async ({ page }) => {
    await page.goto('/sso/sso');
    await page.goto('/agree/agree');
    await hydrated(page);
    await expect(page.getByRole('checkbox', { name: /이용약관에 동의합니다/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /개인정보 수집·이용에 동의합니다/ })).toBeChecked();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the consents are checked in the HTML', async ({ page }) => {
      await page.goto('/sso/sso');
      await page.goto('/agree/agree');
      await expect(page.getByRole('checkbox', { name: /이용약관에 동의합니다/ })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: /개인정보 수집·이용에 동의합니다/ })).toBeChecked();
    });
  });
});

test.describe('back after a full page load (decision 0052)', () => {
  test.use({ viewport: PHONE });

  test('from another portal page: back goes back to it', async ({ page }) => {
    await page.goto('/board/notice/homenotice');
    await hydrated(page);
    // A full page load, as after a form posted without JavaScript or a link followed before hydration.
    await page.evaluate(() => window.location.assign('/board/faq/homefaq'));
    await expect(page).toHaveURL(/\/board\/faq\/homefaq$/);
    await hydrated(page);
    await page.getByRole('button', { name: '이전 페이지' }).click();
    await expect(page).toHaveURL(/\/board\/notice\/homenotice$/);
  });

  test('in a new tab opened from a portal page: back opens that page', async ({ page, context }) => {
    await page.goto('/service/bookstore');
    await hydrated(page);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate(() => void window.open('/board/faq/homefaq', '_blank', 'noopener')),
    ]);
    await hydrated(tab);
    expect(await tab.evaluate(() => history.length)).toBe(1);
    await tab.getByRole('button', { name: '이전 페이지' }).click();
    await expect(tab).toHaveURL(/\/service\/bookstore$/);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('참여 서점 안내');
  });

  test('from another site: back goes home, not off the site', async ({ page }) => {
    await page.goto('/board/faq/homefaq', { referer: 'https://search.example.com/?q=%EB%8F%85%EC%84%9C' });
    await hydrated(page);
    await page.getByRole('button', { name: '이전 페이지' }).click();
    await expect(page).toHaveURL(/\/main\/homemain$/);
  });

  test('with search_type in the query: back goes to /bookpoint/main/homemain even after a full load', async ({ page }) => {
    await page.goto('/board/notice/homenotice');
    await hydrated(page);
    await page.evaluate(() => window.location.assign('/upcoming/upcoming?search_type=buy'));
    await expect(page).toHaveURL(/search_type=buy$/);
    await hydrated(page);
    await page.getByRole('button', { name: '이전 페이지' }).click();
    await expect(page).toHaveURL(/\/bookpoint\/main\/homemain$/);
  });
});
