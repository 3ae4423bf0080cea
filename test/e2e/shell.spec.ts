/** The shell of docs/product.md §2 in a real browser, at phone and desktop widths. */
import { DESKTOP, PHONE, expect, hydrated, test } from './fixtures.ts';

test.describe('desktop (1280 px)', () => {
  test.use({ viewport: DESKTOP });

  test('the top menu navigates without a full reload', async ({ page }) => {
    await page.goto('/main/homemain');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    const menu = page.getByRole('navigation', { name: '주 메뉴' });
    const button = menu.getByRole('button', { name: '알림마당' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: '공지사항' }).click();
    await expect(page).toHaveURL(/\/board\/notice\/homenotice$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('공지사항');
    await expect(page).toHaveTitle('공지사항 | 충북 독서포인트');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('the top menu works with the keyboard', async ({ page }) => {
    await page.goto('/service/service');
    await hydrated(page);
    const menu = page.getByRole('navigation', { name: '주 메뉴' });
    const first = menu.getByRole('button', { name: '독서활동' });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(menu.getByRole('button', { name: '도서' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('button', { name: '도서' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: '인기 도서' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: '도서 검색' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu.getByRole('button', { name: '도서' })).toBeFocused();
    await expect(menu.getByRole('button', { name: '도서' })).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: '인기 도서' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\/popularbooksearch$/);
  });

  test('the skip link is the first focusable element and moves focus to the content', async ({ page }) => {
    await page.goto('/service/service');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '본문 바로가기' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test('back and home buttons are hidden on home and shown elsewhere', async ({ page }) => {
    await page.goto('/main/homemain');
    await hydrated(page);
    await expect(page.getByRole('button', { name: '이전 페이지' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '홈으로' })).toHaveCount(0);
    await page.goto('/board/faq/homefaq');
    await expect(page.getByRole('button', { name: '이전 페이지' })).toBeVisible();
    await expect(page.getByRole('link', { name: '홈으로' })).toBeVisible();
  });

  test('back goes home when the query has search_type, else back in history', async ({ page }) => {
    await page.goto('/service/terms');
    await hydrated(page);
    await page.getByRole('link', { name: '개인정보 처리방침' }).click();
    await expect(page).toHaveURL(/\/service\/privacy$/);
    await page.getByRole('button', { name: '이전 페이지' }).click();
    await expect(page).toHaveURL(/\/service\/terms$/);
    await page.goto('/upcoming/upcoming?search_type=buy');
    await hydrated(page);
    await page.getByRole('button', { name: '이전 페이지' }).click();
    await expect(page).toHaveURL(/\/bookpoint\/main\/homemain$/);
  });

  test('scrolled header past 10 px; floating bar past 50 px, closable', async ({ page }) => {
    await page.goto('/main/homemain');
    await hydrated(page);
    const header = page.locator('header.site-header');
    await expect(header).not.toHaveClass(/is-scrolled/);
    const bar = page.getByRole('complementary', { name: '빠른 메뉴' });
    await expect(bar).toHaveCount(0);
    await page.evaluate(() => window.scrollTo({ top: 11, behavior: 'instant' }));
    await expect(header).toHaveClass(/is-scrolled/);
    await expect(bar).toHaveCount(0);
    await page.evaluate(() => window.scrollTo({ top: 51, behavior: 'instant' }));
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: '독서 시작하기' })).toHaveAttribute('href', '/search/booksearch');
    await bar.getByRole('button', { name: '맨 위로' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await bar.getByRole('button', { name: '닫기' }).click();
    await expect(bar).toHaveCount(0);
  });

  test('no top button on /upcoming/upcoming', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/upcoming/upcoming');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: '서비스 준비 중입니다.' })).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    const bar = page.getByRole('complementary', { name: '빠른 메뉴' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('button', { name: '맨 위로' })).toHaveCount(0);
    await expect(bar.getByRole('button', { name: '닫기' })).toBeVisible();
  });

  test('the notice strip links to the notice', async ({ page }) => {
    await page.goto('/service/service');
    await hydrated(page);
    const strip = page.getByRole('region', { name: '공지사항 알림' });
    const link = strip.getByRole('link');
    const subject = (await link.textContent()) ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/board\/notice\/detail\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  });

  test('footer: privacy policy, terms, new-tab links with a hint, phone, receive-only e-mail', async ({ page }) => {
    await page.goto('/service/service');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '개인정보 처리방침' })).toHaveAttribute('href', '/service/privacy');
    await expect(footer.getByRole('link', { name: '이용약관' })).toHaveAttribute('href', '/service/terms');
    for (const name of ['충청북도립도서관 (새 창 열림)', '충청북도평생교육진흥원 (새 창 열림)']) {
      const link = footer.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(footer.getByRole('link', { name: '043-220-5600' })).toHaveAttribute('href', 'tel:0432205600');
    await expect(footer).toContainText('수신 전용');
    const privacyWeight = await footer.getByRole('link', { name: '개인정보 처리방침' }).evaluate((el) => getComputedStyle(el).fontWeight);
    const termsWeight = await footer.getByRole('link', { name: '이용약관' }).evaluate((el) => getComputedStyle(el).fontWeight);
    expect(Number(privacyWeight)).toBeGreaterThan(Number(termsWeight));
  });
});

test.describe('phone (360 px)', () => {
  test.use({ viewport: PHONE });

  test('the slide-out menu: focus kept inside, Escape closes, accordions navigate', async ({ page }) => {
    await page.goto('/main/homemain');
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeHidden();
    const open = page.getByRole('button', { name: '전체메뉴' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: '전체메뉴' });
    await expect(dialog).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('button', { name: '메뉴 닫기' })).toBeFocused();
    expect(await page.locator('main').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(await page.locator('main').evaluate((el) => el.closest('[inert]') !== null)).toBe(false);

    await open.click();
    const group = dialog.getByRole('button', { name: '이용안내' });
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await dialog.getByRole('link', { name: '참여 서점 안내' }).click();
    await expect(page).toHaveURL(/\/service\/bookstore$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('참여 서점 안내');
  });

  test('the floating bar and header behave the same at phone width', async ({ page }) => {
    await page.goto('/board/notice/homenotice');
    await hydrated(page);
    await page.evaluate(() => window.scrollTo({ top: 60, behavior: 'instant' }));
    await expect(page.locator('header.site-header')).toHaveClass(/is-scrolled/);
    await expect(page.getByRole('complementary', { name: '빠른 메뉴' })).toBeVisible();
  });
});
