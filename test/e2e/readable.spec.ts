/**
 * Decision 0131: pages a member can read on a phone, not only pages that do not overflow. Signed in
 * as reader01 at 320 and 360 px, in the default display and in 고대비 + 아주 크게: the point
 * statement keeps its words whole (item 1); the member bar keeps 화면 설정 on screen (2); tab
 * strips show that they scroll and show the selected tab whole (3); words and numbers with
 * their units stay on one line (4); a focused element is never under the floating bar or the
 * header while tabbing (5); a focused radio has an outline, which WebKit draws (6).
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { DISPLAY_COOKIE } from '#shared/display.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { signIn } from './sign-in.ts';

const HCXL = 'high-contrast.xlarge';

async function member(page: Page, context: BrowserContext, baseURL: string | undefined, width: number, display?: string): Promise<void> {
  await page.setViewportSize({ width, height: 740 });
  if (display) await context.addCookies([{ name: DISPLAY_COOKIE, value: display, url: baseURL ?? '' }]);
  await page.goto('/sso/sso');
  await expect(page).toHaveURL(/\/main\/homemain$/);
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
  await expect(page.locator('.skeleton')).toHaveCount(0);
}

/**
 * Words (runs of letters and digits between spaces) broken across lines under `root`,
 * measured per character: a word's characters all sit on one line. Strings longer than their
 * box may break (overflow-wrap), so a word wider than its container is not counted.
 */
function brokenWords(root: Locator): Promise<string[]> {
  return root.evaluateAll((roots) => {
    const broken: string[] = [];
    for (const r of roots) {
      const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const parent = node.parentElement;
        if (!parent || parent.closest('.sr-only') || parent.getClientRects().length === 0) continue;
        for (const m of text.matchAll(/\S{2,}/g)) {
          const tops = new Set<number>();
          let width = 0;
          for (let i = 0; i < m[0].length; i++) {
            const range = document.createRange();
            range.setStart(node, m.index + i);
            range.setEnd(node, m.index + i + 1);
            const box = range.getBoundingClientRect();
            if (box.width === 0) continue;
            width += box.width;
            tops.add(Math.round(box.top / 4));
          }
          if (tops.size > 1 && width < parent.clientWidth) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}

/** Elements under `root` whose boxes take more than one line (a number and its unit parted). */
function multiLine(root: Locator): Promise<string[]> {
  return root.evaluateAll((els) =>
    els
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        // Boxes of one line overlap vertically (a large number and a small unit on one baseline).
        const boxes = Array.from(range.getClientRects()).filter((b) => b.width > 0);
        return boxes.some((a) => boxes.some((b) => b.top >= a.bottom - 1));
      })
      .map((el) => el.textContent ?? ''),
  );
}

for (const width of [320, 360] as const) {
  for (const display of [undefined, HCXL]) {
    const tag = `${width} px${display ? ', 고대비 + 아주 크게' : ''}`;

    test(`item 1: the point statement keeps its words whole, one entry a card (${tag})`, async ({ page, context, baseURL }) => {
      await member(page, context, baseURL, width, display);
      await open(page, '/mypage/mypage?search_type=point');
      const cards = page.locator('.statement__cards');
      await expect(cards).toBeVisible();
      await expect(page.locator('.statement__table')).toBeHidden();
      expect(await cards.locator('li').count()).toBeGreaterThan(3);
      expect(await brokenWords(cards)).toEqual([]);
      expect(await brokenWords(page.locator('.statement__head'))).toEqual([]);
      // 내용 has the card's width, not a 12 px column.
      const what = await cards.locator('.statement-entry__what').first().boundingBox();
      expect(what?.width ?? 0).toBeGreaterThan(width / 2);
    });

    test(`item 2: the member bar keeps 화면 설정 and the greeting on screen (${tag})`, async ({ page, context, baseURL }) => {
      await member(page, context, baseURL, width, display);
      for (const url of ['/main/homemain', '/activity/activity']) {
        await open(page, url);
        const trigger = page.locator('.site-header__utility .display-trigger');
        const box = await trigger.boundingBox();
        expect(box, url).not.toBeNull();
        expect(box?.x ?? -1, url).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0), url).toBeLessThanOrEqual(width);
        // Neither the greeting nor the site's name is cut.
        for (const sel of ['.site-header__utility .member-bar__greeting', '.site-header__name']) {
          const cut = await page.locator(sel).evaluate((el) => el.scrollWidth > el.clientWidth + 1);
          expect(cut, `${url} ${sel}`).toBe(false);
        }
        expect(await brokenWords(page.locator('.site-header')), url).toEqual([]);
      }
    });

    test(`item 4: 나의 활동 keeps words and numbers with their units whole (${tag})`, async ({ page, context, baseURL }) => {
      await member(page, context, baseURL, width, display);
      for (const url of ['/activity/activity', '/main/homemain']) {
        await open(page, url);
        expect(await brokenWords(page.locator('main .card, main .member-home__card')), url).toEqual([]);
        expect(await multiLine(page.locator('.points__value, .meter__value')), url).toEqual([]);
      }
      // No column of 이번 달 활동 is cut off or scrolled away.
      await open(page, '/activity/activity');
      const table = page.locator('#month-title ~ .table-scroll');
      expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    });
  }

  test(`item 3: tab strips show the selected tab whole and that they scroll (${width} px)`, async ({ page, context, baseURL }) => {
    await member(page, context, baseURL, width, HCXL);
    for (const url of ['/activity/certify?type=authortalk', '/activity/records?type=bookclub', '/mypage/mypage?search_type=penalty']) {
      await open(page, url);
      const strip = page.locator('.tabs ul');
      const selected = strip.locator('[aria-current="page"]');
      await expect
        .poll(async () => {
          const s = await strip.boundingBox();
          const t = await selected.boundingBox();
          return Boolean(s && t && t.x >= s.x - 1 && t.x + t.width <= s.x + s.width + 1);
        }, { message: `${url}: the selected tab is whole` })
        .toBe(true);
      if (url.startsWith('/activity/records')) {
        const scrolls = await strip.evaluate((el) => el.scrollWidth > el.clientWidth);
        expect(scrolls, `${url}: seven tabs are wider than a phone`).toBe(true);
      }
      // The hint: shadows at the strip's edges (scroll shadows, background-attachment).
      const background = await strip.evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(background, url).toContain('radial-gradient');
    }
  });
}

test('item 5: tabbing through 나의 활동, nothing focused is under the floating bar or the header', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await member(page, context, baseURL, 360);
  for (const url of ['/activity/activity', '/main/homemain']) {
    await open(page, url);
    const covered: string[] = [];
    for (let i = 0; i < 70; i++) {
      await page.keyboard.press('Tab');
      // Scrolling to the focused element may be smooth: measure once the page has stopped.
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            let last = -1;
            let still = 0;
            const tick = () => {
              still = window.scrollY === last ? still + 1 : 0;
              last = window.scrollY;
              if (still >= 3) done();
              else requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          }),
      );
      const hit = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body || el.closest('.floating-bar, .site-header, .skip-link, dialog')) return null;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return null;
        const bar = document.querySelector('.floating-bar')?.getBoundingClientRect();
        const header = document.querySelector('.site-header')?.getBoundingClientRect();
        const overlap = (b: DOMRect | undefined) => (b ? Math.max(0, Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top)) : 0);
        const under = overlap(bar) + overlap(header);
        return under > 1 ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 20)}" ${Math.round(under)} px` : null;
      });
      if (hit) covered.push(hit);
    }
    expect(covered, url).toEqual([]);
  }
});

test('item 6: a focused radio or checkbox draws an outline (WebKit paints no box-shadow on them)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, '/service/display');
  const radio = page.getByRole('radio', { name: '기본' });
  await radio.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  const focused = page.locator('input[type="radio"]:focus-visible');
  await expect(focused).toHaveCount(1);
  const outline = await focused.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

test('item 9: 화면 설정 opened from 화면 설정 keeps the way back; /robots.txt is served', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The link the server writes (before hydration, and without JavaScript) keeps the original page.
  const html = await (await request.get('/service/display?returnTo=%2Factivity%2Fcertify', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('<a class="display-trigger" href="/service/display?returnTo=%2Factivity%2Fcertify">');
  await open(page, '/service/display?returnTo=%2Fservice%2Fdisplay%3FreturnTo%3D%252Fmain%252Fhomemain');
  await expect(page.getByRole('link', { name: '보던 페이지로 돌아가기' })).toHaveAttribute('href', '/main/homemain');
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('User-agent: *');
});

test('item 8: after sign-in a visible heading has focus; the card number is read out', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || !/^H[1-6]$/.test(el.tagName)) return 'not a heading';
        const r = el.getBoundingClientRect();
        return r.width > 20 && r.height > 10 && !el.closest('.sr-only') ? 'visible heading' : 'hidden heading';
      }),
    )
    .toBe('visible heading');
  await open(page, '/mypage/mypage');
  // The words of the number are text (an aria-label on a <p> is not read out).
  await expect(page.locator('.member-card__no .sr-only')).toHaveText(/^회원증 번호 \d+$/);
  await expect(page.locator('.member-card__no')).not.toHaveAttribute('aria-label');
});

test('item 7: tap targets of 24 px, whole dates and the challenge list named, the picker labelled, stars with their number', async ({ page, context, baseURL }) => {
  await member(page, context, baseURL, 360);
  await open(page, '/activity/activity');
  const home = await page.locator('.breadcrumb a').first().boundingBox();
  expect(Math.min(home?.width ?? 0, home?.height ?? 0)).toBeGreaterThanOrEqual(24);
  // The challenge's runs: each date whole; the list holds the running one, so it is not 지난 챌린지.
  await open(page, '/challenge/challenge');
  await expect(page.getByRole('heading', { name: '지난 챌린지' })).toHaveCount(0);
  expect(await multiLine(page.locator('.challenge-run .nowrap'))).toEqual([]);
  // The book picker's field has a label one can see.
  await open(page, '/activity/diary');
  const label = page.locator('.book-picker label');
  await expect(label).toBeVisible();
  expect((await label.boundingBox())?.width ?? 0).toBeGreaterThan(20);
  // A rating shows its number beside the stars.
  await open(page, '/activity/records?type=review');
  await expect(page.locator('.stars__value').first()).toHaveText(/^[1-5]$/);
});
