/**
 * A page never says "none" when it means "could not load" (issue 38 part 7): with the homepage
 * API failing (503 at the portal's gateway), a list shows the could-not-load message and not its
 * empty words. The pages are opened by client-side navigation so the browser's own call is the
 * one that fails (on the server, the portal's call goes to the shared API, which must stay up).
 */
import { messages } from '#shared/messages.ts';
import { hrefOf } from '#shared/routes.ts';
import { certifyText } from '#client/pages/certify/messages.ts';
import { faqText } from '#client/pages/faq/messages.ts';
import { bookstoreText } from '#client/pages/bookstore/messages.ts';
import { bookText } from '#client/pages/book/messages.ts';
import { SAMPLE } from '#test/fixtures/page-states.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { openWithFailing } from './failing-read.ts';

const CASES = [
  { name: 'FAQ', path: '/board/faq', to: hrefOf('faq'), none: faqText.none },
  { name: 'bookstores', path: '/bookstore/list', to: hrefOf('bookstore'), none: bookstoreText.none },
  { name: "a book's reviews", path: `/book/${SAMPLE['isbn']}/reviews`, to: `/book/${SAMPLE['isbn']}`, none: bookText.noPublicReview },
] as const;

for (const c of CASES) {
  test(`${c.name}: an API failure reads as could-not-load, not as none`, async ({ page, consoleWatch }) => {
    consoleWatch.allow(/503/);
    await page.goto('/');
    await hydrated(page);
    await openWithFailing(page, c.path, c.to);
    const main = page.locator('main');
    await expect(main.getByText(messages.error.temporary)).toBeVisible();
    await expect(main.getByText(c.none)).toHaveCount(0);
  });
}

test("author talks: an API failure reads as could-not-load, not as 'no events'", async ({ page, consoleWatch }) => {
  consoleWatch.allow(/503/);
  await signIn(page);
  await hydrated(page);
  await openWithFailing(page, '/activity/authortalks', `${hrefOf('certify')}?type=authortalk`);
  const main = page.locator('main');
  await expect(main.getByText(messages.error.temporary)).toBeVisible();
  await expect(main.getByText(certifyText.talksNone)).toHaveCount(0);
});
