/**
 * The member pages with a signed-in member, on a portal of their own (the writes change
 * data): every page renders and passes axe at both widths, and the main actions work —
 * a reading diary from the book search, a challenge check-in, joining a club, an
 * education certification, and editing member information with the password.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, hydrated, test, WCAG_TAGS } from './fixtures.ts';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';

test.describe.configure({ mode: 'serial' });
test.use({ portalEnv: {} });

async function signedIn(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.goto('/login/login');
  await hydrated(page);
  await page.getByLabel('아이디').fill('reader01');
  await page.getByLabel('비밀번호').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/homemain$/);
  return { context, page };
}

async function alertSays(page: Page, text: RegExp | string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(dialog).toBeHidden();
}

const MEMBER_PAGES: [string, string, string][] = [
  ['/activity/activity', '나의 활동', '나의 독서포인트'],
  ['/challenge/challenge', '21일 챌린지', '출석판'],
  ['/bookclub/bookclub', '독서동아리', '내 독서동아리'],
  ['/edu/eduBook', '교육 인증', '교육 인증 신청'],
  ['/mypage/mypage?search_type=buy', '마이페이지', '도서 구매 내역'],
  ['/mypage/information', '회원정보 수정', '정보 수정'],
];

for (const viewport of [PHONE, DESKTOP]) {
  test(`member pages at ${viewport.width} px: content and no axe violations`, async ({ browser, portal }) => {
    // Seven pages, each with an axe run: room for a loaded 2-core machine.
    test.setTimeout(120_000);
    const { context, page } = await signedIn(browser, portal.url, viewport);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    for (const [url, title, section] of MEMBER_PAGES) {
      await page.goto(url);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('heading', { name: section, exact: true }).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('start reading: search a book (초성) and write a diary entry', async ({ browser, portal }) => {
  const { context, page } = await signedIn(browser, portal.url, DESKTOP);
  await page.goto('/search/booksearch');
  await hydrated(page);
  await page.getByRole('searchbox', { name: '검색어' }).fill('불편한 편의점');
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByRole('heading', { name: '불편한 편의점' }).first()).toBeVisible();
  await page.getByRole('button', { name: /독서일지 쓰기.*불편한 편의점/ }).first().click();
  await page.getByRole('button', { name: '일지 저장' }).click();
  await alertSays(page, '독서일지 내용을 입력해 주세요.');
  // A retry on the same portal writes another text: the same diary twice a day is refused (decision 0113).
  const retry = test.info().retry;
  await page.getByLabel('오늘 읽은 내용과 느낀 점').fill(`편의점 야간 알바 독고 씨의 이야기가 따뜻했다. 오늘은 ${3 + retry}장까지 읽었다.`);
  await page.getByRole('button', { name: '일지 저장' }).click();
  await alertSays(page, /포인트/);
  await page.goto('/search/booksearch?q=%E3%85%8E%E3%84%B1');
  await expect(page.getByText('초성 검색: 제목이나 지은이의 첫소리가')).toBeVisible();
  await context.close();
});

test('a visitor who tries to write a diary is asked to sign in', async ({ page, portal }) => {
  await page.goto(`${portal.url}/search/booksearch?q=%ED%95%9C%EA%B0%95`);
  await hydrated(page);
  await page.getByRole('button', { name: /^독서일지 쓰기/ }).first().click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('로그인이 필요한 서비스입니다.');
  await confirm.getByRole('button', { name: '아니요' }).click();
  await expect(page).toHaveURL(/\/search\/booksearch\?q=/);
  await page.goto('about:blank');
});

test('challenge check-in, club join, education certification', async ({ browser, portal }) => {
  const { context, page } = await signedIn(browser, portal.url, PHONE);
  await page.goto('/challenge/challenge');
  await hydrated(page);
  const checkin = page.getByRole('button', { name: '오늘 출석하기' });
  const start = page.getByRole('button', { name: '21일 챌린지 시작하기' });
  await (await checkin.isVisible() ? checkin : start).click();
  await alertSays(page, /포인트|출석/);
  await expect(page.getByText('오늘 출석을 마쳤습니다')).toBeVisible();

  await page.goto('/bookclub/bookclub');
  await hydrated(page);
  const join = page.getByRole('button', { name: /^가입하기: / }).first();
  const name = ((await join.getAttribute('aria-label')) ?? '').replace(/^가입하기: /, '');
  expect(name).not.toBe('');
  await join.click();
  await alertSays(page, /가입/);
  await expect(page.getByRole('region', { name: '내 독서동아리' }).getByRole('heading', { name })).toBeVisible();

  await page.goto('/edu/eduBook');
  await hydrated(page);
  await page.getByRole('button', { name: '인증 신청' }).click();
  await alertSays(page, '과정명을 입력해 주세요.');
  await expect(page.getByLabel('과정명')).toBeFocused();
  await page.getByLabel('과정명').fill('그림책으로 읽는 세상');
  const example = ((await page.locator('#cert-hint').textContent()) ?? '').replace('예: ', '').trim();
  await page.getByLabel('수료증 번호').fill(example);
  await page.getByLabel('수료일').fill('2026-11-10');
  await page.getByRole('button', { name: '인증 신청' }).click();
  await alertSays(page, /포인트|인증/);
  await context.close();
});

test('edit member information: the password is asked again', async ({ browser, portal }) => {
  const { context, page } = await signedIn(browser, portal.url, DESKTOP);
  await page.goto('/mypage/information');
  await hydrated(page);
  await page.getByLabel('휴대전화 번호').fill('010-2222-3333');
  await page.getByRole('button', { name: '저장' }).click();
  await alertSays(page, '현재 비밀번호를 입력해 주세요.');
  await expect(page.getByLabel('현재 비밀번호')).toBeFocused();
  await page.getByLabel('현재 비밀번호').fill('wrong-password');
  await page.getByRole('button', { name: '저장' }).click();
  await alertSays(page, /비밀번호/);
  await page.getByLabel('현재 비밀번호').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: '저장' }).click();
  await alertSays(page, '회원정보를 수정했습니다.');
  await expect(page.getByLabel('휴대전화 번호')).toHaveValue('010-2222-3333');
  await expect(page.getByText('김서연님, 반갑습니다.').first(), 'still signed in').toBeAttached();
  await context.close();
});
