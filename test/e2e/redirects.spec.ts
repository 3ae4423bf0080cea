/**
 * Open redirects in a real browser (decision 0010): on a portal whose homepage API hands
 * out hostile addresses (LOGOUT_URL=/.//evil.example, LOGIN_REDIRECT_URL=/%2e%2e//evil.example),
 * the in-app continue link, the login links and sign-out never take Chromium off the
 * portal's origin, whatever target is supplied. Every request to another origin is
 * recorded (and aborted): none may happen.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, hydrated, test, withFullLoad } from './fixtures.ts';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';

const HOSTILE = [
  '/.//evil.example',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/.%2E//evil.example/x',
  '/a/../..//evil.example?x=1#y',
  '//evil.example',
  '/\\evil.example',
  '/%5c%5cevil.example',
  '/\t/evil.example',
  'https://evil.example/',
  'https://user@evil.example/',
  'javascript:alert(1)',
  '/\u2215\u2215evil.example',
  '/\uFF0F\uFF0Fevil.example',
  'https://\uFF45vil.example/',
];
const KAKAOTALK = 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 KAKAOTALK 10.8.4';

// Each test walks every hostile target through a few page loads.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ portalEnv: { LOGOUT_URL: '/.//evil.example', LOGIN_REDIRECT_URL: '/%2e%2e//evil.example' } });

/** A browser context on the hostile portal that records (and aborts) every request to another origin. */
async function guarded(browser: Browser, baseURL: string, viewport = PHONE, userAgent?: string): Promise<{ context: BrowserContext; page: Page; left: string[] }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul', ...(userAgent ? { userAgent } : {}) });
  const origin = new URL(baseURL).origin;
  const left: string[] = [];
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:',
    (route) => {
      left.push(route.request().url());
      return route.abort();
    },
  );
  const page = await context.newPage();
  return { context, page, left };
}

function onPortal(page: Page, portalUrl: string): URL {
  const url = new URL(page.url());
  expect(url.origin).toBe(new URL(portalUrl).origin);
  return url;
}

test('the in-app continue link never leaves the origin', async ({ browser, portal }) => {
  const { context, page, left } = await guarded(browser, portal.url, PHONE, KAKAOTALK);
  try {
    for (const target of HOSTILE) {
      await context.clearCookies();
      // The link is server-rendered: no need to wait for hydration.
      await page.goto(`/inapp/inapp?url=${encodeURIComponent(target)}`);
      const link = page.getByRole('link', { name: '이 브라우저에서 계속 이용하기' });
      const href = (await link.getAttribute('href')) ?? '';
      expect(new URL(href, portal.url).origin, `link for ${JSON.stringify(target)}`).toBe(new URL(portal.url).origin);
      await link.click();
      await page.waitForURL((u) => u.pathname !== '/inapp/inapp');
      onPortal(page, portal.url);
      // The server's own continue redirect, asked directly.
      await page.goto(`/inapp/inapp?continue=1&url=${encodeURIComponent(target)}`);
      onPortal(page, portal.url);
    }
    for (const target of HOSTILE.slice(0, 5)) {
      await page.goto(`/inapp/inapp?continue=1&url=${encodeURIComponent(target)}`);
      expect(onPortal(page, portal.url).pathname, `the issue's dot-segment targets go home: ${target}`).toBe('/main/homemain');
    }
    expect(left).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the login links lead to the portal\'s login screen, and back only to safe pages', async ({ browser, portal }) => {
  // Desktop: the member bar's login link is in the header (on phones it sits in the menu).
  const { context, page, left } = await guarded(browser, portal.url, DESKTOP);
  try {
    await page.goto('/board/notice/homenotice');
    await hydrated(page);
    const login = page.getByRole('link', { name: '로그인', exact: true }).first();
    const href = (await login.getAttribute('href')) ?? '';
    expect(new URL(href, portal.url).pathname, 'code 60/2 is hostile: the portal\'s own login screen instead').toBe('/login/login');
    await login.click();
    await expect(page).toHaveURL(/\/login\/login\?returnTo=/);
    onPortal(page, portal.url);

    for (const target of HOSTILE.slice(0, 3)) {
      // Leave the signed-in page first: its scripts notice the cleared cookies and navigate,
      // which would abort the next page.goto.
      await page.goto('about:blank');
      await context.clearCookies();
      await page.goto(`/login/login?returnTo=${encodeURIComponent(target)}`);
      await hydrated(page);
      await page.getByLabel('아이디').fill('reader01');
      await page.getByLabel('비밀번호').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      await page.waitForURL((u) => u.pathname !== '/login/login');
      expect(onPortal(page, portal.url).pathname, JSON.stringify(target)).toBe('/main/homemain');
      // Signed in, the login screen sends the member on — never off the site.
      await page.goto(`/login/login?returnTo=${encodeURIComponent(target)}`);
      expect(onPortal(page, portal.url).pathname).toBe('/main/homemain');
    }
    expect(left).toEqual([]);
  } finally {
    await context.close();
  }
});

/** Runs an action that ends in a full page load, and waits for the new page to be interactive. */
test('sign-out never leaves the origin, whatever logout_url says', async ({ browser, portal }) => {
  // Seven sign-ins and sign-outs, each a full page load: room on a loaded machine.
  test.setTimeout(120_000);
  const { context, page, left } = await guarded(browser, portal.url, DESKTOP);
  try {
    // The API's own logout_url is hostile (LOGOUT_URL): the server checks it.
    await page.goto('/sso/sso');
    await expect(page).toHaveURL(/\/main\/homemain$/);
    await hydrated(page);
    await withFullLoad(page, () => page.getByRole('button', { name: '로그아웃' }).first().click());
    await expect(page.getByText('로그인해 주세요.').first()).toBeVisible();
    expect(onPortal(page, portal.url).pathname).toBe('/main/homemain');

    // The sign-out link form (GET, a full navigation): 303 to a checked target.
    await page.goto('/sso/sso');
    await page.goto('/api/login/logout');
    expect(onPortal(page, portal.url).pathname).toBe('/main/homemain');

    // Even if the portal's answer itself were hostile, the browser checks it again.
    // (A page of its own each time: nothing left over from the last one can interrupt it.)
    await page.close();
    for (const target of [...HOSTILE.slice(0, 3), 'https://evil.example/', 'javascript:alert(1)']) {
      const tab = await context.newPage();
      await tab.goto('/sso/sso');
      await hydrated(tab);
      await tab.route('**/api/login/logout', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result: 'success', logout_url: target }) }),
      );
      // The answer was faked, so the server still has the session: watch where the browser goes.
      const navigation = tab.waitForRequest((r) => r.isNavigationRequest() && r.frame() === tab.mainFrame());
      await withFullLoad(tab, () => tab.getByRole('button', { name: '로그아웃' }).first().click());
      const to = new URL((await navigation).url());
      expect(to.origin, JSON.stringify(target)).toBe(new URL(portal.url).origin);
      expect(to.pathname).toBe('/main/homemain');
      await tab.close();
      await context.clearCookies();
    }
    expect(left).toEqual([]);
  } finally {
    await context.close();
  }
});
