/**
 * Axe (WCAG 2.2 AA tags, as routes.spec.ts) in both contrast modes (decision 0060) on home,
 * a notice, the challenge page (signed in) and the login page, at phone and desktop widths,
 * and on the open 화면 설정 control itself.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, hydrated, test, WCAG_TAGS } from './fixtures.ts';
import { signIn } from './sign-in.ts';

const PAGES = ['/main/homemain', '/board/notice/detail/1', '/challenge/challenge', '/login/login'];

async function axe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.passes.length, `${what}: axe checked the page`).toBeGreaterThan(10);
  expect(results.violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const mode of ['default', 'high-contrast'] as const) {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`${mode} at ${viewport.width} px: no axe violations`, async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await context.addCookies([{ name: 'portal_display', value: `${mode}.normal`, url: baseURL ?? '' }]);
      await signIn(page);
      for (const url of PAGES) {
        // The login page, for a member already signed in, sends them home: show it signed out.
        if (url.startsWith('/login')) await context.clearCookies({ name: /portal_(at|rt|session)$/ });
        await page.goto(url);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('data-krds-mode', mode === 'default' ? 'light' : 'high-contrast');
        await axe(page, `${mode} ${viewport.width} ${url}`);
      }
    });
  }
}

test('the open 화면 설정 panel and page, in high contrast, have no axe violations', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'portal_display', value: 'high-contrast.large', url: baseURL ?? '' }]);
  await page.setViewportSize(DESKTOP);
  await page.goto('/board/notice/homenotice');
  await hydrated(page);
  await page.getByRole('button', { name: '화면 설정' }).click();
  await expect(page.getByRole('group', { name: '화면 설정' })).toBeVisible();
  await axe(page, 'panel');
  await page.setViewportSize(PHONE);
  await page.goto('/service/display');
  await hydrated(page);
  await axe(page, 'page');
  await page.getByRole('button', { name: '전체메뉴' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '화면 설정' }).click();
  await axe(page, 'menu');
});
