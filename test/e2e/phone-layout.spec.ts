/**
 * Decision 0053: no page is wider than a phone. Every route of the page table, a notice's
 * detail and a book's page, at 390 px (320 and 360 px: the engines runner's layout check),
 * for a visitor and for reader01: once
 * the page has hydrated and its deferred data arrived, the document is no wider than the
 * viewport. A failure names the outermost elements that stick out. The phone header shows the
 * greeting, or the login button, without opening the menu.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { pages, type PageDef } from '#shared/routes.ts';
import { expect, hydrated, test } from './fixtures.ts';

/** 320 and 360 px: the engines runner's layout check finds a page that scrolls sideways there, in three engines (decision 0132). */
const WIDTHS = [390] as const;

interface Overflow {
  url: string;
  scrollWidth: number;
  innerWidth: number;
  culprits: string[];
}

/** Every page to visit: the page table (parameters filled with real keys), a notice, a book. */
async function urlsToVisit(request: APIRequestContext): Promise<string[]> {
  const notices = (await (await request.get('/api/v1/homepage/board/notice', { params: { display_yn: 'Y', size: 1 } })).json()) as {
    notice_list?: { notice_info_key: number }[];
  };
  const noticeKey = notices.notice_list?.[0]?.notice_info_key ?? 1;
  const books = (await (await request.get('/api/v1/homepage/book/search', { params: { query: '소년이 온다', size: 1 } })).json()) as {
    book_list?: { isbn: string }[];
  };
  const isbn = books.book_list?.[0]?.isbn ?? '9788936434120';
  const fill = (path: string) =>
    path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => (name === 'notice_info_key' ? String(noticeKey) : name === 'isbn' ? isbn : '1'));
  const fromTable = (pages as readonly PageDef[]).filter((p) => !p.testLoginOnly).map((p) => fill(p.href ?? p.path));
  // The book page (decision 0042), once the page table has it; until then it redirects home and is skipped.
  const book = `/book/${isbn}`;
  return fromTable.includes(book) ? fromTable : [...fromTable, book];
}

/** Visits a URL and measures it after hydration and its deferred data; null when it redirected home. */
async function measure(page: Page, url: string): Promise<Overflow | 'redirected' | null> {
  await page.goto(url);
  await hydrated(page);
  if (url.startsWith('/book/') && !new URL(page.url()).pathname.startsWith('/book/')) return 'redirected';
  await expect(page.locator('.skeleton')).toHaveCount(0);
  const result = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= innerWidth) return null;
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > innerWidth + 0.5;
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls} (${Math.round(el.getBoundingClientRect().right)} px)`;
    };
    // The outermost elements that stick out (their parent does not): where to look.
    const culprits = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => sticksOut(el) && !(el.parentElement && sticksOut(el.parentElement)))
      .slice(0, 4)
      .map(describe);
    return { scrollWidth, innerWidth, culprits };
  });
  return result ? { url, ...result } : null;
}

for (const width of WIDTHS) {
  for (const who of ['visitor', 'reader01'] as const) {
    test(`no page is wider than ${width} px (${who})`, async ({ page, request }) => {
      // Some 25 full page loads: room for a loaded 2-core machine.
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 740 });
      if (who === 'reader01') {
        await page.goto('/sso/sso');
        await expect(page).toHaveURL(/\/main\/homemain$/);
      }
      const overflows: string[] = [];
      let measured = 0;
      for (const url of await urlsToVisit(request)) {
        const result = await measure(page, url);
        if (result === 'redirected') continue;
        measured++;
        if (result) overflows.push(`${result.url}: ${result.scrollWidth} > ${result.innerWidth} px — ${result.culprits.join(', ')}`);
      }
      expect(measured, 'pages measured').toBeGreaterThan(20);
      expect(overflows).toEqual([]);
    });
  }
}

test.describe('the phone header (320 px)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('a visitor sees the login prompt and button without opening the menu', async ({ page }) => {
    await page.goto('/board/faq/homefaq');
    await hydrated(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByText('로그인해 주세요.')).toBeInViewport();
    const login = banner.getByRole('link', { name: '로그인', exact: true });
    await expect(login).toBeInViewport();
    await login.click();
    await expect(page).toHaveURL(/\/login\/login/);
  });

  test('a member sees the whole greeting, the pencil and 로그아웃; the bar stays when scrolling', async ({ page }) => {
    await page.goto('/sso/sso');
    await page.goto('/board/faq/homefaq');
    await hydrated(page);
    const banner = page.getByRole('banner');
    const greeting = banner.getByText('김서연님, 반갑습니다.');
    await expect(greeting).toBeInViewport();
    expect(await greeting.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the greeting is not cut off').toBe(true);
    await expect(banner.getByRole('link', { name: '회원정보 수정' })).toBeInViewport();
    await expect(banner.getByRole('button', { name: '로그아웃' })).toBeInViewport();
    // Scrolled: the member row leaves with the page, the bar with back, home and menu stays on top.
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await expect(banner.getByRole('button', { name: '전체메뉴' })).toBeInViewport();
    await expect(greeting).not.toBeInViewport();
    await expect.poll(() => banner.evaluate((el) => Math.round(el.getBoundingClientRect().bottom))).toBeGreaterThan(0);
  });
});
