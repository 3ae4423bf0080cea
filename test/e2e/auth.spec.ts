/** Signing in and out, guarded pages and the kept session, in a real browser (decision 0007). */
import type { Page } from '@playwright/test';
import { E2E_ENV, startPortalProcess } from '#test/fixtures/process.ts';
import { DESKTOP, PHONE, expect, hydrated, test, withFullLoad } from './fixtures.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

const UNAUTHORIZED = /Failed to load resource: the server responded with a status of 401/;

async function fillLogin(page: Page, id: string, password: string, keep = false) {
  await page.getByLabel('아이디').fill(id);
  await page.getByLabel('비밀번호').fill(password);
  if (keep) await page.getByLabel('로그인 상태 유지').check();
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

async function alertSays(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(dialog).toBeHidden();
}

const flag = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('sign in and out', async ({ page, context }) => {
    await page.goto('/login/login');
    await hydrated(page);
    await expect(page.locator('header.site-header')).toHaveCount(0);
    // The footer follows the app as static markup: the bare sign-in page does not show it.
    await expect(page.locator('.site-footer')).toBeHidden();
    await fillLogin(page, 'reader01', PASSWORD);
    await expect(page).toHaveURL(/\/main\/homemain$/);
    await expect(page.getByText('김서연님, 반갑습니다.').first()).toBeVisible();
    await expect(page.locator('.site-footer')).toBeVisible();
    expect(await flag(page, 'isLoggedIn')).toBe('true');
    expect(await flag(page, 'isAgree')).toBe('true');
    const persisted = JSON.parse((await flag(page, 'root')) ?? '{}') as { version?: number; state?: { user?: { user_id?: string } } };
    expect(persisted.version).toBe(1);
    expect(persisted.state?.user?.user_id).toBe('reader01');
    // Production mode over plain HTTP on loopback (decision 0017): plain-named, httpOnly, not
    // Secure; over HTTPS they are __Host- and Secure (test/server/portal/scheme.test.ts, test/engines).
    const at = (await context.cookies()).find((c) => c.name === 'portal_at');
    expect(at?.httpOnly).toBe(true);
    expect(at?.secure).toBe(false);
    expect(at?.sameSite).toBe('Lax');

    await page.reload();
    await hydrated(page);
    await expect(page.getByText('김서연님, 반갑습니다.').first()).toBeVisible();

    await withFullLoad(page, () => page.getByRole('button', { name: '로그아웃' }).first().click());
    await expect(page).toHaveURL(/\/main\/homemain$/);
    await expect(page.getByText('로그인해 주세요.').first()).toBeVisible();
    expect(await flag(page, 'isLoggedIn')).toBe('false');
    expect(await flag(page, 'isAgree')).toBe('false');
    expect(await flag(page, 'isNotice')).toBe('false');
    expect((await context.cookies()).filter((c) => /portal_(at|rt|session)/.test(c.name))).toEqual([]);
  });

  test('empty fields: alerts and focus', async ({ page }) => {
    await page.goto('/login/login');
    await hydrated(page);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await alertSays(page, '아이디를 입력해 주세요.');
    await expect(page.getByLabel('아이디')).toBeFocused();
    await page.getByLabel('아이디').fill('reader01');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await alertSays(page, '비밀번호를 입력해 주세요.');
    await expect(page.getByLabel('비밀번호')).toBeFocused();
  });

  test('wrong password: the server message, focus back on the password', async ({ page, consoleWatch }) => {
    consoleWatch.allow(UNAUTHORIZED);
    await page.goto('/login/login');
    await hydrated(page);
    await fillLogin(page, 'reader01', 'not-the-password');
    await alertSays(page, '아이디 또는 비밀번호가 올바르지 않습니다.');
    await expect(page.getByLabel('비밀번호')).toBeFocused();
    await expect(page.getByLabel('비밀번호')).toHaveValue('');
    await expect(page).toHaveURL(/\/login\/login$/);
  });

  test('an expired member is told so', async ({ page }) => {
    await page.goto('/login/login');
    await hydrated(page);
    await fillLogin(page, 'expired01', PASSWORD);
    await alertSays(page, '회원정보가 만료되었습니다.');
    await expect(page).toHaveURL(/\/login\/login$/);
    expect(await flag(page, 'isLoggedIn')).not.toBe('true');
  });

  test('a visitor opening a member page: confirm → login → back on that page', async ({ page }) => {
    await page.goto('/activity/activity');
    await hydrated(page);
    await expect(page.getByText('나의 독서포인트')).toHaveCount(0);
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?');
    await confirm.getByRole('button', { name: '예' }).click();
    await expect(page).toHaveURL(/\/login\/login\?returnTo=%2Factivity%2Factivity$/);
    await fillLogin(page, 'reader01', PASSWORD);
    await expect(page).toHaveURL(/\/activity\/activity$/);
    await expect(page.getByRole('heading', { name: '나의 독서포인트' })).toBeVisible();
  });

  test('declining the confirm stays away from the member page', async ({ page }) => {
    await page.goto('/service/service');
    await hydrated(page);
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('button', { name: '독서활동' }).click();
    await page.getByRole('link', { name: '21일 챌린지' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('로그인이 필요한 서비스입니다.');
    await confirm.getByRole('button', { name: '아니요' }).click();
    await expect(page).toHaveURL(/\/service\/service$/);
  });

  test('keep signed in survives a new browser context with the cookies', async ({ page, browser, baseURL }) => {
    await page.goto('/login/login');
    await hydrated(page);
    await fillLogin(page, 'reader01', PASSWORD, true);
    await expect(page).toHaveURL(/\/main\/homemain$/);
    const cookies = await page.context().cookies();
    const auto = cookies.find((c) => c.name === 'autoLogin');
    expect(auto?.value).toBe('true');
    expect(auto?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);

    // A month later: the access token and the session cookie are long gone; the refresh token remains.
    const later = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    await later.addCookies(cookies.filter((c) => c.name === 'portal_rt' || c.name === 'autoLogin'));
    const tab = await later.newPage();
    await tab.goto('/main/homemain');
    await hydrated(tab);
    await expect(tab.getByText('김서연님, 반갑습니다.').first()).toBeVisible();
    expect(await flag(tab, 'isLoggedIn')).toBe('true');
    await tab.goto('/activity/activity');
    await expect(tab.getByRole('heading', { name: '나의 독서포인트' })).toBeVisible();
    await later.close();
  });

  test('access token expiry during a session is invisible to the member', async ({ page }) => {
    test.slow();
    await page.goto('/login/login');
    await hydrated(page);
    await fillLogin(page, 'reader01', PASSWORD);
    await expect(page).toHaveURL(/\/main\/homemain$/);
    await page.waitForTimeout(9_000); // the e2e access token lives 8 s
    const menu = page.getByRole('navigation', { name: '주 메뉴' });
    await menu.getByRole('button', { name: '독서활동' }).click();
    const joincheck = page.waitForResponse((r) => r.url().includes('/common/joincheck/reader01'));
    await menu.getByRole('link', { name: '나의 활동' }).click();
    expect((await joincheck).status()).toBe(200);
    await expect(page.getByRole('heading', { name: '나의 독서포인트' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.waitForTimeout(9_000);
    await page.reload();
    await hydrated(page);
    await expect(page.getByText('김서연님, 반갑습니다.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '나의 독서포인트' })).toBeVisible();
  });

  test('the test-login button signs the test member in (TEST_LOGIN=Y)', async ({ page }) => {
    await page.goto('/login/login');
    await hydrated(page);
    await page.getByRole('link', { name: '테스트 로그인' }).click();
    await expect(page).toHaveURL(/\/main\/homemain$/);
    await hydrated(page);
    await expect(page.getByText('김서연님, 반갑습니다.').first()).toBeVisible();
    expect(await flag(page, 'isLoggedIn')).toBe('true');
  });
});

test.describe('own portals', () => {
  test.use({ viewport: PHONE });

  test('a member who has not agreed: confirm → agreement → home', async ({ page }) => {
    const portal = await startPortalProcess(E2E_ENV);
    try {
      await page.goto(`${portal.url}/login/login`);
      await hydrated(page);
      await fillLogin(page, 'reader02', PASSWORD);
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText('약관 동의 페이지로 이동하시겠습니까?');
      await confirm.getByRole('button', { name: '예' }).click();
      await expect(page).toHaveURL(/\/agree\/agree$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('약관 동의');
      // The documents' titles are h2 and their sections h3, as on /service/terms.
      await expect(page.locator('main h4')).toHaveCount(0);
      expect(await page.locator('main h2').count()).toBeGreaterThanOrEqual(2);
      expect(await page.locator('main .agree__doc h3').count()).toBeGreaterThanOrEqual(10);
      await page.getByRole('button', { name: '동의하고 계속하기' }).click();
      await alertSays(page, '이용약관에 동의해 주세요.');
      await expect(page.getByRole('checkbox', { name: '이용약관에 동의합니다.' })).toBeFocused();
      await page.getByRole('checkbox', { name: '전체 동의' }).check();
      await page.getByRole('button', { name: '동의하고 계속하기' }).click();
      await expect(page).toHaveURL(/\/main\/homemain$/);
      expect(await flag(page, 'isAgree')).toBe('true');
      await page.goto(`${portal.url}/activity/activity`);
      await hydrated(page);
      await expect(page.getByRole('heading', { name: '나의 독서포인트' })).toBeVisible();
    } finally {
      await page.goto('about:blank');
      await portal.stop();
    }
  });

  test('no test-login button (and no /sso/sso) unless the flag is Y', async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 404/);
    const portal = await startPortalProcess({ ...E2E_ENV, TEST_LOGIN: 'N' });
    try {
      await page.goto(`${portal.url}/login/login`);
      await hydrated(page);
      await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
      await expect(page.getByText('테스트 로그인')).toHaveCount(0);
      const sso = await page.goto(`${portal.url}/sso/sso`);
      expect(sso?.status()).toBe(404);
    } finally {
      await page.goto('about:blank');
      await portal.stop();
    }
  });
});
