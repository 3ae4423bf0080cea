/**
 * Forms that carry a secret post, and work before or without JavaScript (decision 0031):
 * a library PC with scripts off, or a slow phone that taps before hydration, signs in
 * through the form; the password never reaches an address; errors show next to the form.
 */
import type { Page } from '@playwright/test';
import { DESKTOP, expect, test } from './fixtures.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';


/** Every URL the page asked for, to check that no password ever went into one. */
function watchUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

/** The URLs among `urls` that carry one of `secrets` (a field's name or a password), as typed or form-encoded. */
function carrying(urls: string[], ...secrets: string[]): string[] {
  const forms = secrets.flatMap((s) => [s, new URLSearchParams({ s }).toString().slice('s='.length)]);
  return urls.filter((u) => forms.some((f) => u.includes(f)));
}

async function submitLogin(page: Page, id: string, password: string) {
  await page.locator('#user_id').fill(id);
  await page.locator('#user_pass').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

test.describe('without JavaScript', () => {
  test.use({ viewport: DESKTOP, javaScriptEnabled: false });

  test('sign in through the form: errors inline, then back where the member was going', async ({ page, consoleWatch }) => {
    // A refused form answers 400/401, which the browser notes in its console.
    consoleWatch.allow(/Failed to load resource: the server responded with a status of 40[01]/);
    const urls = watchUrls(page);
    await page.goto('/login/login?returnTo=/service/service');
    await expect(page.locator('form.login__form')).toHaveAttribute('method', 'post');

    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('아이디를 입력해 주세요.');
    await expect(page.locator('#user_id')).toBeFocused();

    await submitLogin(page, 'reader01', 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('아이디 또는 비밀번호가 올바르지 않습니다.');
    await expect(page.locator('#user_id')).toHaveValue('reader01');
    await expect(page.locator('#user_pass')).toHaveValue('');
    await expect(page.locator('#user_pass')).toBeFocused();

    await submitLogin(page, 'reader01', PASSWORD);
    await expect(page).toHaveURL(/\/service\/service$/);
    await expect(page.getByText('김서연님, 반갑습니다.').first()).toBeVisible();
    expect(carrying(urls, 'user_pass', PASSWORD, 'wrong-password')).toEqual([]);
  });

  test('member information: the password is asked again, the form posts, the result shows', async ({ page, consoleWatch }) => {
    consoleWatch.allow(/Failed to load resource: the server responded with a status of 400/);
    const urls = watchUrls(page);
    await page.goto('/login/login?returnTo=/mypage/information');
    await submitLogin(page, 'reader01', PASSWORD);
    await expect(page).toHaveURL(/\/mypage\/information$/);

    await page.getByRole('button', { name: '저장' }).click();
    await expect(page.getByRole('alert')).toHaveText('현재 비밀번호를 입력해 주세요.');
    await expect(page.locator('#current_password')).toBeFocused();

    await page.locator('#current_password').fill(PASSWORD);
    await page.getByRole('button', { name: '저장' }).click();
    await expect(page).toHaveURL(/\/mypage\/information\?saved=1$/);
    await expect(page.getByRole('status').filter({ hasText: '회원정보를 수정했습니다.' })).toBeVisible();
    expect(carrying(urls, 'current_password', PASSWORD)).toEqual([]);
  });

  test('pages with late data are whole without JavaScript', async ({ page }) => {
    await page.goto('/board/notice/homenotice');
    await expect(page.locator('.list-rows a').first()).toBeVisible();
    await expect(page.locator('.skeleton')).toHaveCount(0);
  });
});

test.describe('before the script has loaded (a slow phone)', () => {
  test.use({ viewport: DESKTOP });

  test('a tap on 로그인 before hydration posts the form; no password in any address', async ({ page }) => {
    const urls = watchUrls(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // DOMContentLoaded waits for module scripts: wait for the form itself.
    await page.goto('/login/login?returnTo=/board/faq/homefaq', { waitUntil: 'commit' });
    await expect(page.locator('#user_pass')).toBeVisible();
    await submitLogin(page, 'reader01', PASSWORD);
    await expect(page).toHaveURL(/\/board\/faq\/homefaq$/);
    release();
    await expect(page.getByText('김서연님, 반갑습니다.').first()).toBeVisible();
    expect(carrying(urls, 'user_pass', PASSWORD)).toEqual([]);
  });
});
