/**
 * A homepage API read made to fail at the portal's gateway (503) for the browser's own call,
 * then a page opened by client-side navigation, as a link click would: the page must say
 * "could not load", never "none" (issue 38 part 7). On the server the portal's call goes to the
 * shared API, which must stay up, so only the browser's call is made to fail.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export async function openWithFailing(page: Page, path: string, to: string): Promise<void> {
  await page.route(`**/api/v1/homepage${path}*`, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = 'go';
    document.body.append(a);
    a.click();
  }, to);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, '\\?')}$`));
}
