/**
 * Every route in a real browser: its title and heading, hydration without console
 * errors or warnings (the fixture fails on any), and no axe violations (WCAG 2.2 AA)
 * at phone and desktop widths.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { pages, type PageDef } from '#shared/routes.ts';
import { DESKTOP, PHONE, expect, hydrated, test, WCAG_TAGS } from './fixtures.ts';

/** A seeded value for each path parameter: notice 1, 소년이 온다. */
const SAMPLE: Record<string, string> = { notice_info_key: '1', isbn: '9788936410841' };
const url = (p: PageDef) => (p.href ?? p.path).replace(/:([a-z_]+)/g, (_m, name: string) => SAMPLE[name] ?? '');
/** Pages whose <title> names what they show (PageMeta), not the breadcrumb title: the book, the notice. */
const OWN_TITLE: Record<string, string> = { book: '소년이 온다 - 한강', noticeDetail: '2026년 독서포인트 사업 참여 안내' };

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });
    // /sso/sso signs the test member in and redirects (covered by auth.spec.ts).
    for (const page of (pages as readonly PageDef[]).filter((p) => !p.testLoginOnly)) {
      test(`${page.path}`, async ({ page: tab }) => {
        await tab.goto(url(page));
        await hydrated(tab);
        await expect(tab).toHaveTitle(`${OWN_TITLE[page.id] ?? page.title} | 충북 독서포인트`);
        await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.title);
        const results = await new AxeBuilder({ page: tab }).withTags(WCAG_TAGS).analyze();
        expect(results.passes.length, 'axe checked the page').toBeGreaterThan(10);
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  });
}

test('the open mobile menu has no axe violations', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/main/homemain');
  await hydrated(page);
  await page.getByRole('button', { name: '전체메뉴' }).click();
  await expect(page.getByRole('dialog', { name: '전체메뉴' })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('the open top menu has no axe violations', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/main/homemain');
  await hydrated(page);
  await page.getByRole('button', { name: '독서활동' }).click();
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
