/**
 * The reading programme through the portal (decision 0042), as reader01 on a
 * portal of its own (fresh data: reader01 has room this month for exactly one review, loan,
 * purchase and author talk): the writes once at 360 px (the author talk without JavaScript),
 * then the read-backs at 360 and 1280 px — every new page without axe violations (WCAG 2.2 AA)
 * and, at 360 px, no wider than the screen.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, hydrated, test, WCAG_TAGS } from './fixtures.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

/** 소년이 온다 (한강, 창비). */
const ISBN = '9788936410841';
const REVIEW_TITLE = '오월의 소년을 기억하며';
const SENTENCE = '열다섯 살 동호의 눈으로 본 광주의 오월은 읽는 내내 마음을 무겁게 했다. 문장은 조용하지만 한 장면도 가볍게 넘길 수 없었다. ';
/** A review of exactly n characters (Hangul, spaces and punctuation: one code point each). */
const reviewOf = (n: number) => [...SENTENCE.repeat(Math.ceil(n / [...SENTENCE].length))].slice(0, n).join('');
const MEETING_TOPIC = '「소년이 온다」 3장까지 읽고 이야기 나누기';

test.describe.configure({ mode: 'serial' });
test.use({ portalEnv: {} });

interface Session {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function signedIn(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<Session> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/login/login');
  await hydrated(page);
  await page.getByLabel('아이디').fill('reader01');
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/homemain$/);
  return { context, page, problems };
}

/** No axe violations; at phone width, nothing wider than the screen. */
async function pageIsClean(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll, `${page.url()} fits the screen`).toBeLessThanOrEqual(width.inner);
}

async function visit(page: Page, url: string, heading: string) {
  await page.goto(url);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

async function alertSays(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(dialog).toBeHidden();
}

test('writes at 360 px: a review from the book page, a loan, a purchase, a club meeting', async ({ browser, portal }) => {
  test.setTimeout(180_000);
  const { context, page, problems } = await signedIn(browser, portal.url, PHONE);

  // From the search to the book page, and its 서평 쓰기.
  await page.goto(`/search/booksearch?q=${encodeURIComponent('소년이 온다')}`);
  await hydrated(page);
  await page.getByRole('link', { name: '소년이 온다', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/book/${ISBN}$`));
  await expect(page.getByRole('heading', { level: 2, name: '소년이 온다' })).toBeVisible();
  // A new page starts at its top, the breadcrumb clear of the header's bar (the link was scrolled to).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveTitle('소년이 온다 - 한강 | 충북 독서포인트');
  await pageIsClean(page);
  await page.getByRole('link', { name: '서평 쓰기', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/activity/review\\?isbn=${ISBN}$`));
  await expect(page.getByText('이번 달 0/3회 적립')).toBeVisible();
  await pageIsClean(page);

  const text = page.getByLabel('서평', { exact: true });
  await page.getByLabel('제목').fill(REVIEW_TITLE);
  await page.getByRole('radio', { name: '5점' }).check();
  await text.fill(reviewOf(199));
  await expect(page.getByText('199/1,000자')).toBeVisible();
  await page.getByRole('button', { name: '서평 등록' }).click();
  await alertSays(page, '서평은 200자 이상 입력해 주세요.');
  await expect(text).toBeFocused();
  await text.fill(reviewOf(200));
  await expect(page.getByText('200/1,000자')).toBeVisible();
  await page.getByRole('button', { name: '서평 등록' }).click();
  const earned = page.locator('.earn-result').filter({ hasText: '적립되었어요' });
  await expect(earned).toContainText('500P가 적립되었어요.');
  await expect(earned).toContainText('이번 달 1/3회 적립');
  // Said once by the announcer, with its figures; the focus on the answer's first action (decision 0143).
  await expect(page.locator('#announcer')).toContainText('500P가 적립되었어요. 이번 달 1/3회 적립, 잔액 ');
  await expect(earned.getByRole('link').first()).toBeFocused();

  // One review per book (decision 0113): the same page now edits it, the points unchanged.
  await expect(page.getByRole('heading', { name: '서평 고치기' })).toBeVisible();
  await expect(page.getByLabel('제목')).toHaveValue(REVIEW_TITLE);
  await expect(page.getByRole('radio', { name: '5점' })).toBeChecked();
  await page.getByLabel('제목').fill(`${REVIEW_TITLE}, 다시 읽고`);
  await page.getByRole('radio', { name: '4점' }).check();
  await page.getByRole('button', { name: '고친 서평 저장' }).click();
  await expect(page.locator('.earn-result').filter({ hasText: '서평을 수정했습니다.' })).toBeVisible();
  await expect(page.getByLabel('제목')).toHaveValue(`${REVIEW_TITLE}, 다시 읽고`);

  // 대출 인증: the book found by a search, the home library already chosen, today's date.
  await visit(page, '/activity/certify?type=loan', '활동 인증');
  await expect(page).toHaveTitle('대출 인증 | 충북 독서포인트');
  await expect(page.getByLabel('대출한 도서관')).toHaveValue('4311101');
  await page.getByText('ISBN을 모르면 책을 찾아 골라 주세요').click();
  await page.getByRole('searchbox', { name: '책 제목, 지은이 또는 ISBN' }).fill('소년이 온다');
  await page.getByRole('button', { name: '찾기' }).click();
  // The search is a navigation of its own: the choice is clicked once it has landed, so the
  // link is the one the results page keeps (under CI load a click could meet the page it replaced).
  await expect(page).toHaveURL(/type=loan&q=/);
  await page.getByRole('link', { name: '이 책 선택: 소년이 온다' }).first().click();
  await expect(page).toHaveURL(new RegExp(`type=loan&isbn=${ISBN}`));
  await expect(page.getByLabel('ISBN', { exact: true })).toHaveValue(ISBN);
  await pageIsClean(page);
  await page.getByRole('button', { name: '인증하기' }).click();
  await alertSays(page, '대출 번호를 입력해 주세요.');
  await expect(page.getByLabel('대출 번호')).toBeFocused();
  await page.getByLabel('대출 번호').fill('L20261122E2E1');
  await page.getByRole('button', { name: '인증하기' }).click();
  await expect(page.locator('.earn-result').filter({ hasText: '적립되었어요' })).toContainText('1,000P가 적립되었어요.');

  // 구매 인증 at a partner bookstore.
  await visit(page, '/activity/certify?type=purchase', '활동 인증');
  await expect(page.getByText('종이책 영수증만 인증할 수 있어요.')).toBeVisible();
  await pageIsClean(page);
  await page.getByLabel('구매한 서점').selectOption('1');
  await page.getByLabel('영수증 번호').fill('R-E2E-20261122');
  await page.getByLabel('결제 금액').fill('16800');
  await page.getByLabel('책 제목').fill('소년이 온다');
  await page.getByLabel('ISBN (선택)').fill(ISBN);
  await page.getByRole('button', { name: '인증하기' }).click();
  await expect(page.locator('.earn-result').filter({ hasText: '적립되었어요' })).toContainText('2,000P가 적립되었어요.');
  // The same receipt again: the API's refusal.
  await page.getByLabel('구매한 서점').selectOption('1');
  await page.getByLabel('영수증 번호').fill('R-E2E-20261122');
  await page.getByLabel('결제 금액').fill('16800');
  await page.getByLabel('책 제목').fill('소년이 온다');
  await page.getByRole('button', { name: '인증하기' }).click();
  await alertSays(page, '이미 인증한 영수증입니다.');
  await expect(page.getByLabel('영수증 번호')).toBeFocused();

  // 모임 기록 as the leader of 상당 책수다 (club 1): attendees from the members list.
  await visit(page, '/bookclub/bookclub', '독서동아리');
  await page.getByRole('region', { name: '내 독서동아리' }).getByRole('link', { name: '모임 기록: 상당 책수다' }).click();
  await expect(page).toHaveURL(/\?meeting=1#meeting$/);
  await expect(page.getByRole('heading', { name: '상당 책수다 모임 기록' })).toBeVisible();
  await pageIsClean(page);
  await page.getByLabel('모임 주제').fill(MEETING_TOPIC);
  const members = page.getByRole('group', { name: '참석한 회원' }).getByRole('checkbox');
  await expect(members).toHaveCount(5);
  await members.nth(0).check();
  await members.nth(1).check();
  const attendee = ((await page.getByRole('group', { name: '참석한 회원' }).locator('label').nth(1).textContent()) ?? '').trim();
  expect(attendee).not.toBe('');
  await page.getByRole('button', { name: '모임 기록하기' }).click();
  const results = page.getByRole('table', { name: '참석자별 적립 결과' });
  await expect(results.getByRole('row', { name: new RegExp(attendee) })).toContainText('500P가 적립되었어요.');
  await expect(results.getByRole('row')).toHaveCount(3);

  // The same receipt twice is refused by the API with 409, which the browser logs as a failed resource.
  expect(problems.filter((p) => !p.includes('status of 409'))).toEqual([]);
  await context.close();
});

test('without JavaScript: 작가와의 만남 인증 posts and says what it earned', async ({ browser, portal }) => {
  const context = await browser.newContext({ baseURL: portal.url, viewport: PHONE, javaScriptEnabled: false, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.goto('/login/login?returnTo=/activity/certify?type=authortalk');
  await page.locator('#user_id').fill('reader01');
  await page.locator('#user_pass').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/activity\/certify\?type=authortalk$/);
  await expect(page.getByRole('heading', { level: 2, name: '작가와의 만남 인증' })).toBeVisible();
  await expect(page.getByText('과학 읽는 밤: 김상욱 교수 강연')).toBeVisible();

  await page.getByRole('button', { name: '인증하기' }).click();
  await expect(page.getByRole('alert')).toHaveText('확인 코드를 입력해 주세요.');
  await expect(page.getByLabel('확인 코드')).toBeFocused();
  await page.getByLabel('확인 코드').fill('TALK2026');
  await page.getByRole('button', { name: '인증하기' }).click();
  await expect(page.locator('.earn-result').filter({ hasText: '적립되었어요' })).toContainText('1,000P가 적립되었어요.');
  await expect(page.getByText('인증 완료')).toBeVisible();
  await context.close();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`read-backs at ${viewport.width} px: lists, the book page, point history, the card, print`, async ({ browser, portal }) => {
    test.setTimeout(180_000);
    const { context, page, problems } = await signedIn(browser, portal.url, viewport);

    // 나의 활동: every way to earn, with this month's counts.
    await visit(page, '/activity/activity', '나의 활동');
    const earn = page.getByRole('region', { name: '포인트 적립하기' });
    await expect(earn.getByRole('link', { name: /서평 쓰기.*이번 달 1\/3회 적립/ })).toBeVisible();
    await expect(earn.getByRole('link', { name: /구매 인증.*이번 달 적립 완료/ })).toBeVisible();
    await expect(earn.getByRole('link', { name: /작가와의 만남 인증.*이번 달 1\/4회 적립/ })).toBeVisible();
    await pageIsClean(page);

    // 나의 독서 기록: each list, newest first.
    await visit(page, '/activity/records', '나의 독서 기록');
    await expect(page).toHaveTitle('나의 독서일지 | 충북 독서포인트');
    await expect(page.getByRole('heading', { name: '책별 기록' })).toBeVisible();
    await pageIsClean(page);
    await visit(page, '/activity/records?type=review', '나의 독서 기록');
    const review = page.locator('.entry').filter({ hasText: REVIEW_TITLE });
    await expect(review).toContainText(reviewOf(200).trim());
    await expect(review).toContainText('+500P');
    await pageIsClean(page);
    for (const [type, what] of [['loan', '소년이 온다'], ['purchase', '소년이 온다'], ['authortalk', '과학 읽는 밤']] as const) {
      await visit(page, `/activity/records?type=${type}`, '나의 독서 기록');
      const first = page.locator('.list-row').first();
      await expect(first).toContainText(what);
      await expect(first).toContainText(/\+[\d,]+P/);
    }
    await pageIsClean(page);

    // The book page: my review of it, and the public reviews with mine marked.
    await visit(page, `/book/${ISBN}`, '도서 정보');
    await expect(page.getByRole('region', { name: '나의 기록' })).toContainText(REVIEW_TITLE);
    await expect(page.getByRole('region', { name: '회원 서평' }).locator('.entry').filter({ hasText: REVIEW_TITLE })).toContainText('내 서평');
    await pageIsClean(page);

    // 포인트 내역: newest first, then by month and activity, with totals.
    await visit(page, '/mypage/mypage?search_type=point', '마이페이지');
    // A table from 768 px; on a phone one card per entry (decision 0131). The same entries, the same checks.
    const rows = viewport.width >= 768 ? page.locator('.statement__table tbody tr') : page.locator('.statement__cards > li');
    await expect(rows.first()).toBeVisible();
    const dates = await rows.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
    expect(dates.length).toBeGreaterThan(5);
    expect([...dates].sort().reverse(), 'newest first').toEqual(dates);
    await expect(page.getByRole('heading', { name: '김서연님의 포인트 내역' })).toBeVisible();
    await expect(page.getByRole('button', { name: '인쇄하기' })).toBeVisible();
    await pageIsClean(page);
    const month = dates[0]?.slice(0, 7) ?? '';
    await page.getByLabel('기간').selectOption(month);
    await page.getByLabel('활동').selectOption('review');
    await page.getByRole('button', { name: '조회' }).click();
    await expect(page).toHaveURL(new RegExp(`month=${month}&activity_type=review`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('서평');
    await expect(rows.first()).toContainText('+500P');
    await expect(page.locator('.statement__totals')).toContainText(`${Number(month.slice(5))}월 (서평)`);
    await expect(page.locator('.statement__totals dl').filter({ hasText: '적립' }).first()).toContainText('500P');

    // Printed: no shell, the statement's head.
    await page.emulateMedia({ media: 'print' });
    for (const shell of ['.site-header', '.site-footer', '.notice-strip', '.tabs', '.filters', '.member-card']) {
      await expect(page.locator(shell).first(), `${shell} is not printed`).toBeHidden();
    }
    await expect(page.getByRole('heading', { name: '김서연님의 포인트 내역' })).toBeVisible();
    await expect(page.getByText(/^출력일 /)).toBeVisible();
    await expect(page.locator('.statement__table')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByText(/^출력일 /)).toBeHidden();

    // 회원증: the barcode drawn by the server loads.
    await visit(page, '/mypage/mypage?search_type=buy', '마이페이지');
    const barcode = page.getByRole('img', { name: '회원증 바코드 2026000001' });
    await expect(barcode).toBeVisible();
    await expect.poll(() => barcode.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    await expect(page.getByText('청주시립도서관').first()).toBeVisible();
    await pageIsClean(page);

    expect(problems).toEqual([]);
    await context.close();
  });
}
