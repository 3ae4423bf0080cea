/**
 * The installable portal in a real browser (decision 0061): the manifest is linked and
 * complete, the service worker registers and controls the page, a page visited before shows
 * the Korean offline page when the network is gone (and comes back on 다시 시도), and neither
 * API answers nor pages ever land in the worker's cache.
 */
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, hydrated, test } from './fixtures.ts';
import { signIn } from './sign-in.ts';

/** Waits until the service worker is active (precache done) and controls this page. */
async function controlled(page: Page): Promise<string> {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return scope;
}

/** Every address in the service worker's caches (paths). */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) out.push(new URL(req.url).pathname + new URL(req.url).search);
    }
    return out;
  });
}

const STATIC = (p: string) => p.startsWith('/assets/') || p.startsWith('/icons/') || p === '/favicon.svg' || p === '/offline.html';

test('the manifest is linked and has what installing needs', async ({ page }) => {
  await page.goto('/main/homemain');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href ?? '');
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const m = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
  expect(m).toMatchObject({ name: '충북 독서포인트', short_name: '독서포인트', lang: 'ko', display: 'standalone', start_url: '/main/homemain', scope: '/', theme_color: '#0b50d0' });
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      const icon = m.icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${purpose} ${size}`).toBeDefined();
      expect((await page.request.get(icon?.src ?? '')).status()).toBe(200);
    }
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b50d0');
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`offline at ${viewport.width} px, a page visited before shows the Korean offline page`, async ({ page, context, baseURL }) => {
    await page.setViewportSize(viewport);
    await page.goto('/board/notice/homenotice');
    await hydrated(page);
    expect(await controlled(page)).toBe(`${baseURL ?? ''}/`);

    await context.setOffline(true);
    await page.goto('/board/notice/homenotice');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('인터넷에 연결되어 있지 않습니다');
    await expect(page).toHaveTitle('인터넷에 연결되어 있지 않습니다 | 충북 독서포인트');
    await expect(page.getByText('인터넷 연결을 확인한 뒤 다시 시도해 주세요.', { exact: false })).toBeVisible();
    expect(new URL(page.url()).pathname, 'the address stays the page asked for').toBe('/board/notice/homenotice');
    // Styled by the portal's stylesheet from the cache: KRDS primary on the retry button.
    const retry = page.getByRole('link', { name: '다시 시도' });
    await expect(retry).toHaveCSS('background-color', 'rgb(11, 80, 208)');

    await context.setOffline(false);
    await retry.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('공지사항');
  });
}

test('API answers and pages, a member’s included, never land in the worker’s cache', async ({ page }) => {
  const api: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) api.push(r.url());
  });
  await signIn(page);
  await hydrated(page);
  await controlled(page);
  // Member data through the gateway, from a controlled page: a client-side visit and a direct call.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: '독서활동' }).click();
  await page.getByRole('link', { name: '21일 챌린지' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('21일 챌린지');
  await expect(page.getByRole('heading', { name: '출석판' })).toBeVisible();
  const info = await page.evaluate(async () => (await fetch('/api/v1/homepage/user/info', { headers: { 'x-portal-request': '1' } })).status);
  expect(info).toBe(200);
  await page.goto('/mypage/mypage?search_type=buy');
  await hydrated(page);

  expect(api.length, 'the pages called the API').toBeGreaterThan(0);
  const cached = await cachedPaths(page);
  expect(cached.length, 'the shell is precached').toBeGreaterThan(10);
  expect(cached.filter((p) => p.startsWith('/api/'))).toEqual([]);
  expect(cached.filter((p) => !STATIC(p)), 'only static files').toEqual([]);
});
