/** Signs the seeded member in through the login form (e2e helper). */
import { expect, type Page } from '@playwright/test';
import { READER01 } from '#test/fixtures/members.ts';

export const READER = READER01;

export async function signIn(page: Page): Promise<void> {
  await page.goto('/login/login');
  await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
  await page.getByLabel('아이디').fill(READER.id);
  await page.getByLabel('비밀번호').fill(READER.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/homemain$/);
}
