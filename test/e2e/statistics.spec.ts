/**
 * 독서 통계 on 나의 활동 (decisions 0063, 0112), on a portal of its own (the goal form writes):
 * each chart is an image named by a sentence that sums it up, with its data behind a
 * table toggle (agreeing with the API); the goal form works with and without JavaScript
 * and the books-against-goal chart follows it; a member with no activity gets a message,
 * not empty charts; axe clean in both contrast modes at 360 and 1280 px, nothing wider
 * than a phone's screen. And the reading streak's card beside them (decision 0151).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { ReadingStreak, UserStatistics } from '#shared/contract/statistics.ts';
import { messages } from '#shared/messages.ts';
import { formatDay } from '#client/components/format.ts';
import { activityText } from '#client/pages/activity/messages.ts';
import { DESKTOP, PHONE, expect, hydrated, test, WCAG_TAGS } from './fixtures.ts';
import { openWithFailing } from './failing-read.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

const PATH = '/activity/activity';
const streakText = activityText.streak;

test.describe.configure({ mode: 'serial' });
test.use({ portalEnv: {} });

/** Console errors and warnings of every page of the test's contexts (hydration mismatches, React warnings). */
let problems: string[] = [];
/** Messages a test expects (the browser's own note of a refused form's 400 page). */
let expected: RegExp[] = [];
test.beforeEach(() => {
  problems = [];
  expected = [];
});
test.afterEach(() => {
  expect(problems.filter((p) => !expected.some((e) => e.test(p))), 'no console errors or warnings').toEqual([]);
});

interface Open {
  context: BrowserContext;
  page: Page;
}

async function open(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  { user = 'reader01', js = true, mode }: { user?: string; js?: boolean; mode?: 'default' | 'high-contrast' } = {},
): Promise<Open> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul', javaScriptEnabled: js });
  context.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  context.on('weberror', (e) => problems.push(`pageerror: ${e.error().message}`));
  if (mode) await context.addCookies([{ name: 'portal_display', value: `${mode}.normal`, url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/login/login');
  if (js) await hydrated(page);
  await page.getByLabel('아이디').fill(user);
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/homemain$/);
  await page.goto(PATH);
  if (js) await hydrated(page);
  await expect(stats(page).locator('[aria-busy="true"]')).toHaveCount(0);
  return { context, page };
}

const stats = (page: Page) => page.getByRole('region', { name: '독서 통계' });
const figure = (page: Page, title: string) => stats(page).getByRole('figure', { name: new RegExp(`^${title}`) });

async function statistics(context: BrowserContext): Promise<UserStatistics> {
  const answer = (await (await context.request.get('/api/v1/homepage/activity/getuserstatistics')).json()) as { statistics: UserStatistics };
  return answer.statistics;
}

/** Opens a chart's table toggle from the keyboard and answers its table. */
async function showTable(fig: Locator): Promise<Locator> {
  const table = fig.getByRole('table');
  await expect(table).toBeHidden();
  const toggle = fig.locator('summary');
  await expect(toggle).toHaveText(/^표로 보기/);
  await toggle.focus();
  await toggle.press('Enter');
  await expect(table).toBeVisible();
  return table;
}

const num = (s: string) => Number(s.replace(/[^0-9]/g, ''));
const monthName = (m: string) => `${m.slice(0, 4)}년 ${Number(m.slice(5, 7))}월`;

test('the charts are named by what they show, and their tables hold the same data', async ({ browser, portal }) => {
  const { context, page } = await open(browser, portal.url, DESKTOP);
  const api = await statistics(context);

  // Points by month: the sentence names the best month; the table has the twelve months of the API.
  const months = figure(page, '월별 적립 포인트');
  const chart = months.getByRole('img');
  await expect(chart).toHaveAccessibleName(/^\d{4}년 \d{1,2}월부터 \d{4}년 \d{1,2}월까지 [\d,]+포인트를 적립했어요\. 가장 많이 적립한 달은 \d{4}년 \d{1,2}월로 [\d,]+포인트예요\. 이번 달은 [\d,]+포인트예요\.$/);
  const name = (await chart.getAttribute('aria-label')) ?? '';
  const [, best = '', bestPoints = ''] = /가장 많이 적립한 달은 (\d{4}년 \d{1,2}월)로 ([\d,]+)포인트예요/.exec(name) ?? [];
  const table = await showTable(months);
  await expect(table).toHaveAccessibleName(/달마다 적립한 포인트와 활동 수$/);
  await expect(table.getByRole('columnheader')).toHaveText(['달', '활동 수', '적립 포인트']);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(12);
  await expect(rows.locator('th')).toHaveText(api.points_by_month.map((m) => monthName(m.month)));
  await expect(rows.locator('td:nth-of-type(2)')).toHaveText(api.points_by_month.map((m) => `${m.earned.toLocaleString('ko-KR')}P`));
  const maxEarned = Math.max(...api.points_by_month.map((m) => m.earned));
  expect(maxEarned, 'reader01 earned points this year (seed)').toBeGreaterThan(0);
  expect(num(bestPoints)).toBe(maxEarned);
  await expect(table.getByRole('row', { name: new RegExp(`^${best} `) })).toContainText(bestPoints);
  // One column per month.
  await expect(chart.locator('rect.chart__bar')).toHaveCount(12);

  // Activities by type: the sentence names the most frequent kind; the table lists every kind.
  const types = figure(page, '활동별 횟수');
  const typeChart = types.getByRole('img');
  await expect(typeChart).toHaveAccessibleName(/^\d{4}년에 활동 [\d,]+회로 [\d,]+포인트를 적립했어요\. \d+가지 활동 가운데 가장 많이 한 활동은 .+, [\d,]+회예요\.$/);
  const top = [...api.activities_by_type].sort((a, b) => b.count - a.count)[0];
  await expect(typeChart).toHaveAccessibleName(new RegExp(`가장 많이 한 활동은 ${top?.activity_name ?? ''}, ${top?.count ?? ''}회예요`));
  await expect(typeChart.locator('rect.chart__bar')).toHaveCount(api.activities_by_type.filter((c) => c.count > 0).length);
  const typeTable = await showTable(types);
  await expect(typeTable.getByRole('columnheader')).toHaveText(['활동', '횟수', '적립 포인트']);
  await expect(typeTable.locator('tbody th')).toHaveText(api.activities_by_type.map((c) => c.activity_name));
  await expect(typeTable.locator('tbody td:nth-of-type(1)')).toHaveText(api.activities_by_type.map((c) => `${c.count}회`));

  // Books: reader01 has no goal yet, so the figure says what was read and invites one.
  const books = figure(page, '올해 읽은 책');
  expect(api.books.goal_books).toBeNull();
  await expect(books).toContainText(`올해 ${api.books.read_count}권을 읽었어요. 목표 권수를 정하면 진도를 함께 보여 드려요.`);
  await expect(books.getByRole('img')).toHaveCount(0);
  await context.close();
});

test('with JavaScript: the goal is checked, saved in place, and the chart follows', async ({ browser, portal }) => {
  const { context, page } = await open(browser, portal.url, PHONE);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  // No goal yet: the form sets one (afterwards it changes it).
  const form = page.getByRole('form', { name: /^(올해 목표 정하기|목표 바꾸기)$/ });
  await expect(form).toHaveAccessibleName('올해 목표 정하기');
  const input = form.getByLabel('목표 권수');
  const dialog = page.getByRole('dialog');
  const refused = async (value: string, message: string) => {
    await input.fill(value);
    await form.getByRole('button', { name: '목표 저장' }).click();
    await expect(dialog).toContainText(message);
    await dialog.getByRole('button', { name: '확인' }).click();
    await expect(dialog).toBeHidden();
    await expect(input).toBeFocused();
  };
  await refused('', '목표 권수를 입력해 주세요.');
  await refused('400', '목표 권수는 1부터 365까지의 숫자로 입력해 주세요.');

  const read = (await statistics(context)).books.read_count;
  const books = figure(page, '올해 읽은 책');
  for (const goal of [12, 3]) {
    await input.fill(String(goal));
    await input.press('Enter');
    await expect(stats(page).locator('#goal-status')).toHaveText(`올해 목표를 ${goal}권으로 정했습니다.`);
    // Said by the portal's one announcer (decision 0143).
    await expect(page.locator('#announcer')).toHaveText(`올해 목표를 ${goal}권으로 정했습니다.`);
    await expect(books.getByRole('img')).toHaveAccessibleName(new RegExp(`^올해 목표 ${goal}권 중 ${read}권을 읽었어요\\(${Math.round((read / goal) * 100)}%\\)\\. `));
    await expect(books.getByRole('img')).toContainText(`목표 ${goal}권`);
    const table = books.getByRole('table');
    if (!(await table.isVisible())) await books.locator('summary').click();
    await expect(table.getByRole('row', { name: /^목표 / }).getByRole('cell')).toHaveText(`${goal}권`);
    expect((await statistics(context)).books.goal_books).toBe(goal);
  }
  // The form now says it changes the goal; no page load happened.
  await expect(page.getByRole('form', { name: '목표 바꾸기' })).toBeVisible();
  expect(await page.evaluate(() => '__sameDocument' in window), 'no page load').toBe(true);
  await context.close();
});

test('without JavaScript: the goal is a form post, refused with a message or saved, and the tables still open', async ({ browser, portal }) => {
  const { context, page } = await open(browser, portal.url, PHONE, { js: false });
  // Refused forms answer 400 documents (decision 0031); the browser notes it.
  expected.push(/Failed to load resource: the server responded with a status of 400/);
  const books = figure(page, '올해 읽은 책');
  const input = page.getByLabel('목표 권수');
  await input.fill('0');
  const refused = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: '목표 저장' }).click();
  expect((await refused).status()).toBe(400);
  await expect(stats(page).getByRole('alert')).toHaveText('목표 권수는 1부터 365까지의 숫자로 입력해 주세요.');
  await expect(page.getByLabel('목표 권수')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('목표 권수')).toHaveValue('0');

  await page.getByLabel('목표 권수').fill('20');
  const saved = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: '목표 저장' }).click();
  expect((await saved).status(), 'post/redirect/get').toBe(303);
  await expect(page).toHaveURL(/\/activity\/activity\?goal=20#reading-goal$/);
  await expect(stats(page).locator('#goal-status')).toHaveText('올해 목표를 20권으로 정했어요.');
  await expect(books.getByRole('img')).toHaveAccessibleName(/^올해 목표 20권 중 \d+권을 읽었어요/);
  await expect(page.getByLabel('목표 권수')).toHaveValue('20');
  await showTable(figure(page, '월별 적립 포인트'));
  await context.close();
});

test('a member with no activity gets a message instead of empty charts', async ({ browser, portal }) => {
  const { context, page } = await open(browser, portal.url, PHONE, { user: 'admin01' });
  await expect(stats(page)).toContainText('아직 기록이 없어요. 독서일지를 쓰거나 책을 빌리면 여기에 달마다 쌓여요.');
  await expect(stats(page).getByRole('link', { name: '독서일지 쓰러 가기' })).toHaveAttribute('href', '/search/booksearch');
  await expect(figure(page, '월별 적립 포인트')).toHaveCount(0);
  await expect(figure(page, '활동별 횟수')).toHaveCount(0);
  await expect(stats(page).getByRole('img')).toHaveCount(0);
  await expect(figure(page, '올해 읽은 책')).toContainText('올해 읽은 책이 아직 없어요.');
  await expect(page.getByRole('form', { name: '올해 목표 정하기' })).toBeVisible();
  await context.close();
});

test('the reading streak (decision 0151): the API\'s figures as a description list; a failed read stays in its card', async ({ browser, portal }) => {
  const { context, page } = await open(browser, portal.url, PHONE);
  const api = ((await (await context.request.get('/api/v1/homepage/activity/getuserreadingstreak')).json()) as { streak: ReadingStreak }).streak;
  // The seed's diaries of reader01 end six days ago at the latest: a streak once, none now.
  expect(api.longest_days).toBeGreaterThan(0);
  expect(api.current_days).toBe(0);
  const card = page.getByRole('region', { name: streakText.title });
  await expect(card.getByRole('term')).toHaveText([streakText.current, streakText.longest, streakText.last]);
  await expect(card.getByRole('definition')).toHaveText([streakText.days(0), streakText.longestDays(api.longest_days), formatDay(api.last_day ?? '')]);
  await expect(card).toContainText(streakText.restart);

  // The read fails at the gateway on a navigation in the browser: the card says so, the page stands.
  expected.push(/status of 503/);
  await page.goto('/main/homemain');
  await hydrated(page);
  await openWithFailing(page, '/activity/getuserreadingstreak', PATH);
  await expect(card).toContainText(messages.error.temporary);
  await expect(card.getByRole('term')).toHaveCount(0);
  await expect(page.getByRole('region', { name: '나의 독서포인트' })).toContainText('사용할 수 있는 포인트');
  await expect(stats(page).getByRole('img')).not.toHaveCount(0);
  await context.close();
});

for (const mode of ['default', 'high-contrast'] as const) {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`${mode} at ${viewport.width} px: streamed, axe clean with the tables open, nothing wider than the screen`, async ({ browser, portal }, testInfo) => {
      test.setTimeout(120_000);
      const { context, page } = await open(browser, portal.url, viewport, { mode });
      // Loaded again with the script's cookie set, the page streams (decision 0030): the
      // statistics arrive behind the rest and hydrate without a mismatch (afterEach checks).
      expect((await context.cookies()).some((c) => c.name === 'portal_js')).toBe(true);
      await page.reload();
      await hydrated(page);
      await expect(stats(page).locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-krds-mode', mode === 'default' ? 'light' : 'high-contrast');
      // reader01's goal was set above: three charts.
      await expect(stats(page).getByRole('img')).toHaveCount(3);
      for (const toggle of await stats(page).locator('summary').all()) await toggle.click();
      await expect(stats(page).getByRole('table')).toHaveCount(3);
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.passes.length, 'axe checked the page').toBeGreaterThan(10);
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(scroll, 'no sideways scrolling').toBeLessThanOrEqual(client);
      for (const svg of await stats(page).getByRole('img').all()) {
        const box = await svg.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width, 'chart inside the screen').toBe(true);
      }
      await stats(page).screenshot({ path: testInfo.outputPath(`statistics-${mode}-${viewport.width}.png`) });
      await context.close();
    });
  }
}

test('the charts fit 320 px with the largest text', async ({ browser, portal }) => {
  const { context, page } = await open(browser, portal.url, { width: 320, height: 740 });
  await context.addCookies([{ name: 'portal_display', value: 'default.xlarge', url: portal.url }]);
  await page.reload();
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'xlarge');
  await expect(stats(page).getByRole('img')).toHaveCount(3);
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  // In the kinds chart, a row's name and count never run into each other.
  for (const row of await figure(page, '활동별 횟수').locator('svg g').all()) {
    const [label, value] = await row.locator('text').all();
    const a = await label?.boundingBox();
    const b = await value?.boundingBox();
    expect(a && b && a.x + a.width < b.x, 'name and count apart').toBe(true);
  }
  await context.close();
});
