/**
 * The member home (decision 0042), on a portal of its own (the check-ins write): a visitor's
 * home is unchanged and never loads the member part; a member sees their points against the
 * month's cap, today's challenge with one tap to check in (with JavaScript, and as a plain
 * form post without it), their last book and the ways to earn; axe clean at 360 and 1280 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, hydrated, test, WCAG_TAGS } from './fixtures.ts';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';

test.describe.configure({ mode: 'serial' });
test.use({ portalEnv: {} });

/** Console errors and warnings of every page of the test's contexts (hydration mismatches, React warnings). */
let problems: string[] = [];
test.beforeEach(() => {
  problems = [];
});
test.afterEach(() => {
  expect(problems, 'no console errors or warnings').toEqual([]);
});

async function contextFor(browser: Browser, baseURL: string, viewport: { width: number; height: number }, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul', javaScriptEnabled });
  context.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  context.on('weberror', (e) => problems.push(`pageerror: ${e.error().message}`));
  return context;
}

async function signInWithForm(page: Page, userId: string) {
  await page.goto('/login/login');
  await hydrated(page);
  await page.getByLabel('아이디').fill(userId);
  await page.getByLabel('비밀번호').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/homemain$/);
}

const memberPart = (page: Page) => page.getByRole('region', { name: '나의 독서 현황' });

test('a visitor sees the introduction, and the member part is never downloaded', async ({ browser, portal }) => {
  const context = await contextFor(browser, portal.url, PHONE);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/main/homemain');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: /책을 읽고 기록하면/ })).toBeVisible();
  await expect(memberPart(page)).toHaveCount(0);
  // A client-side visit to home and back does not fetch it either.
  await page.getByRole('link', { name: '서비스 안내 보기' }).click();
  await expect(page).toHaveURL(/\/service\/service$/);
  await page.getByRole('link', { name: '홈으로' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /책을 읽고 기록하면/ })).toBeVisible();
  expect(scripts.filter((s) => s.includes('member-home')), 'member chunk requests').toEqual([]);
  await context.close();
});

test('reader01 without JavaScript: points, last book, and checking in with a plain form post', async ({ browser, portal }) => {
  const context = await contextFor(browser, portal.url, PHONE, false);
  const page = await context.newPage();
  await page.goto('/sso/sso');
  await expect(page).toHaveURL(/\/main\/homemain$/);
  const part = memberPart(page);
  await expect(part).toBeVisible();
  // Hero is for visitors only.
  await expect(page.getByRole('heading', { name: /책을 읽고 기록하면/ })).toHaveCount(0);

  const points = part.getByRole('article', { name: '나의 독서포인트' });
  const point = (await (await context.request.get('/api/v1/homepage/user/point')).json()) as {
    point: { balance: number; earned_month: number; monthly_cap: number };
  };
  await expect(points).toContainText(`${point.point.balance.toLocaleString('ko-KR')}`);
  await expect(points).toContainText(`${point.point.earned_month.toLocaleString('ko-KR')} / ${point.point.monthly_cap.toLocaleString('ko-KR')}P`);
  await expect(points.getByRole('link', { name: '포인트 내역' })).toHaveAttribute('href', '/mypage/mypage?search_type=point');

  // The last book: the newest activity with a book, linked to its page.
  const recent = (await (await context.request.get('/api/v1/homepage/activity/getbookactivityinfolist?size=20')).json()) as {
    activity_list: { isbn: string | null; book_title: string | null; status: string }[];
  };
  const last = recent.activity_list.find((a) => a.isbn && a.book_title && a.status !== 'revoked');
  expect(last, 'reader01 has read a book').toBeDefined();
  const book = part.getByRole('article', { name: '최근 읽은 책' });
  await expect(book).toContainText(last?.book_title ?? '');
  const bookLink = book.getByRole('link', { name: /^책 정보 보기/ });
  await expect(bookLink).toHaveAccessibleName(new RegExp(`${last?.book_title ?? ''}$`));
  await expect(bookLink).toHaveAttribute('href', `/book/${last?.isbn ?? ''}`);

  // Ways to earn.
  const earn = part.getByRole('navigation', { name: '포인트 모으기' });
  for (const label of ['독서일지 쓰기', '서평 쓰기', '대출 인증', '구매 인증', '작가와의 만남 인증', '나의 활동']) {
    await expect(earn.getByRole('link', { name: label })).toBeVisible();
  }

  // reader01's challenge is under way and today is not yet checked in (seed): one tap, no JavaScript.
  const challenge = part.getByRole('article', { name: '오늘의 21일 챌린지' });
  await expect(challenge).toContainText('오늘은 아직 출석하지 않았어요.');
  const posted = page.waitForResponse((r) => r.request().method() === 'POST');
  await challenge.getByRole('button', { name: '오늘 출석하기' }).click();
  expect((await posted).status(), 'post/redirect/get').toBe(303);
  await expect(page).toHaveURL(/\/main\/homemain#member-challenge$/);
  await expect(challenge).toContainText(/오늘 출석을 마쳤어요\. [0-9]+P가 적립되었어요\./);
  await expect(challenge.getByRole('button')).toHaveCount(0);
  await context.close();
});

test('admin01 with JavaScript: starts a challenge in one tap, the answer in a dialog, the card updated in place', async ({ browser, portal }) => {
  const context = await contextFor(browser, portal.url, PHONE);
  const page = await context.newPage();
  await signInWithForm(page, 'admin01');
  const part = memberPart(page);
  await expect(part).toBeVisible();
  await expect(part.getByRole('article', { name: '최근 읽은 책' })).toContainText('아직 기록한 책이 없어요.');
  const challenge = part.getByRole('article', { name: '오늘의 21일 챌린지' });
  await expect(challenge).toContainText('진행 중인 챌린지가 없어요.');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await challenge.getByRole('button', { name: '21일 챌린지 시작하기' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '확인' })).toBeFocused();
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(dialog).toBeHidden();
  await expect(challenge).toContainText(/오늘 출석을 마쳤어요\. [0-9]+P가 적립되었어요\./);
  await expect(challenge).toContainText('1일째 연속 출석 중이에요.');
  await expect(challenge.getByText(/오늘 출석을 마쳤어요/)).toBeFocused();
  expect(await page.evaluate(() => '__sameDocument' in window), 'no page load').toBe(true);
  await context.close();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the member home has no axe violations at ${viewport.width} px and works with the keyboard`, async ({ browser, portal }) => {
    const context = await contextFor(browser, portal.url, viewport);
    const page = await context.newPage();
    await page.goto('/sso/sso');
    await hydrated(page);
    // Loaded again with the script's cookie set, the page streams (decision 0030): the member
    // part arrives behind the shell and hydrates without a mismatch (afterEach checks the console).
    expect((await context.cookies()).some((c) => c.name === 'portal_js')).toBe(true);
    await page.reload();
    await hydrated(page);
    const part = memberPart(page);
    await expect(part).toBeVisible();
    await expect(part.locator('.skeleton')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Every link and button of the member part is reachable with Tab, in reading order.
    const reached: string[] = [];
    await part.getByRole('link', { name: '포인트 내역' }).focus();
    for (let i = 0; i < 12; i++) {
      reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
      await page.keyboard.press('Tab');
    }
    const at = (label: string) => reached.findIndex((r) => r.startsWith(label));
    expect(at('포인트 내역')).toBe(0);
    expect(at('출석판 보기')).toBeGreaterThan(0);
    expect(at('책 정보 보기')).toBeGreaterThan(at('출석판 보기'));
    expect(at('서평 쓰기')).toBeGreaterThan(at('책 정보 보기'));
    await context.close();
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px the member's data streams in without moving the page (no layout shift)`, async ({ browser, portal }) => {
    const context = await contextFor(browser, portal.url, viewport);
    const page = await context.newPage();
    await signInWithForm(page, 'reader01');
    await hydrated(page);
    await page.goto('/activity/activity');
    await hydrated(page);
    // The member's points are held back: the home's loader streams, and its loading frame shows.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/homepage/user/point', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: '홈', exact: true }).first().click();
    const loading = memberPart(page).locator('[aria-busy="true"] .member-home__card');
    await expect(loading).toHaveCount(3);
    const earn = memberPart(page).getByRole('navigation');
    const before = await earn.boundingBox();
    const frames = await loading.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    release();
    await expect(memberPart(page).getByRole('link', { name: '포인트 내역' })).toBeVisible();
    const after = await earn.boundingBox();
    const cards = await memberPart(page).locator('article.member-home__card').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    expect(cards, 'each card as tall as its loading frame').toEqual(frames);
    expect(after?.y, 'what follows the cards stays put').toBe(before?.y);
    await context.close();
  });

  test(`at ${viewport.width} px my page's member card streams in without moving the summary below it (no layout shift)`, async ({ browser, portal }) => {
    const context = await contextFor(browser, portal.url, viewport);
    const page = await context.newPage();
    await signInWithForm(page, 'reader01');
    await hydrated(page);
    // The card is held back: my page's loader streams, and the card's loading frame shows.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/homepage/user/api/card', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: '포인트 내역', exact: true }).first().click();
    const card = page.locator('section.member-card');
    await expect(card.locator('[aria-busy="true"]')).toHaveCount(1);
    const summary = page.getByRole('heading', { name: '포인트', exact: true });
    await expect(summary).toBeVisible();
    // Font subsets swap in when their text first shows (the card's own text may ask for one):
    // measured with the fonts settled, what moves is the card's doing. A text just shown asks for
    // its subsets when it is laid out, so two frames first: `ready` then waits for those too.
    const fontsSettled = () =>
      page.evaluate(async () => {
        await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
        await document.fonts.ready;
      });
    await fontsSettled();
    const before = await summary.boundingBox();
    release();
    await expect(card.locator('.member-card__no')).toBeVisible();
    await fontsSettled();
    const after = await summary.boundingBox();
    expect(after?.y, 'the summary stays put').toBe(before?.y);
    await context.close();
  });
}
