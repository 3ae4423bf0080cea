/**
 * Book search and popular books, the portal's side (decision 0042): results in the API's
 * order for several words and for 초성, what kind of search it was, a helpful answer when
 * nothing is found, and the region filter of popular books — as GET forms that work with
 * and without JavaScript; axe clean at 360 and 1280 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, hydrated, test, WCAG_TAGS } from './fixtures.ts';


async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const results = (page: Page) => page.getByRole('region', { name: /검색 결과$/ });
const titles = (page: Page) => results(page).getByRole('heading', { level: 3 });

test.describe('book search', () => {
  test.use({ viewport: PHONE });

  test('several words find the book that has them all, and the page says so', async ({ page }) => {
    await page.goto('/search/booksearch');
    await hydrated(page);
    await page.getByRole('searchbox', { name: '검색어' }).fill('한강 소년');
    await page.getByRole('button', { name: '검색' }).click();
    await expect(page).toHaveURL(/q=%ED%95%9C%EA%B0%95\+%EC%86%8C%EB%85%84/);
    await expect(titles(page).first()).toHaveText('소년이 온다');
    await expect(results(page)).toContainText('‘한강’, ‘소년’ 낱말이 모두 들어간 책입니다.');
    await expect(results(page)).toContainText('정확도순');
    await axeClean(page);
  });

  test('초성: says it was a 초성 search and keeps the API order (한강 first)', async ({ page, request }) => {
    const api = (await (await request.get('/api/v1/homepage/book/search', { params: { query: 'ㅎㄱ', size: 10 } })).json()) as {
      book_list: { title: string; author: string }[];
      total: number;
    };
    await page.goto('/search/booksearch?q=%E3%85%8E%E3%84%B1');
    await hydrated(page);
    await expect(results(page)).toContainText('초성 검색: 제목이나 지은이의 첫소리가 ‘ㅎㄱ’인 책입니다.');
    await expect(results(page)).toContainText(`${api.total.toLocaleString('ko-KR')}권`);
    await expect(titles(page)).toHaveText(api.book_list.map((b) => b.title));
    expect(api.book_list[0]?.author).toBe('한강');
  });

  test('nothing found: fewer words, 초성 and spelling are offered, and a suggestion finds it', async ({ page }) => {
    await page.goto('/search/booksearch?q=%EC%86%8C%EB%85%84%EC%9D%B4+%ED%95%9C%EA%B0%95+%EB%B0%94%EB%8B%A4');
    await hydrated(page);
    const none = results(page).locator('.search-empty');
    await expect(none).toContainText('‘소년이 한강 바다’에 맞는 책을 찾지 못했어요.');
    await expect(none.getByRole('link', { name: 'ㅅㄴㅇ ㅎㄱ ㅂㄷ' })).toHaveAttribute('href', /q=%E3%85%85/);
    await expect(none).toContainText('맞춤법과 띄어쓰기를 확인');
    await axeClean(page);
    await none.getByRole('link', { name: '소년이', exact: true }).click();
    await expect(page).toHaveURL(/q=%EC%86%8C%EB%85%84%EC%9D%B4$/);
    await expect(titles(page).first()).toBeVisible();
  });

  test('a search in one field offers every field when nothing is found', async ({ page }) => {
    await page.goto('/search/booksearch?q=%ED%95%9C%EA%B0%95&field=publisher');
    await hydrated(page);
    await expect(page.getByRole('combobox', { name: '검색 대상' })).toHaveValue('publisher');
    const none = results(page).locator('.search-empty');
    await expect(none).toContainText('검색 대상을 전체로 바꿔 찾아보세요');
    await none.getByRole('link', { name: '전체: 한강' }).click();
    await expect(titles(page).first()).toBeVisible();
  });

  test('at 1280 px the results have no axe violations', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/search/booksearch?q=%E3%85%8E%E3%84%B1');
    await hydrated(page);
    await expect(titles(page).first()).toBeVisible();
    await axeClean(page);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('the search form is a GET form', async ({ page }) => {
    await page.goto('/search/booksearch');
    await page.getByRole('combobox', { name: '검색 대상' }).selectOption('author');
    await page.getByRole('searchbox', { name: '검색어' }).fill('한강');
    await page.getByRole('button', { name: '검색' }).click();
    await expect(page).toHaveURL(/field=author&q=%ED%95%9C%EA%B0%95/);
    await expect(titles(page).first()).toBeVisible();
    await expect(results(page).getByText('한강', { exact: false }).first()).toBeVisible();
  });

  test('popular books filter by region', async ({ page }) => {
    await page.goto('/search/popularbooksearch');
    await page.getByRole('combobox', { name: '지역' }).selectOption({ label: '충주시' });
    await page.getByRole('button', { name: '보기' }).click();
    await expect(page).toHaveURL(/city_code=43130/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(/^충주시 · 최근 1개월 인기 도서$/);
  });
});

test.describe('popular books', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`region, period and age at ${viewport.width} px; the answer's region named; no axe violations`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await page.goto('/search/popularbooksearch');
      await hydrated(page);
      const region = page.getByRole('combobox', { name: '지역' });
      await expect(region).toHaveValue('');
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('충청북도 · 최근 1개월 인기 도서');
      // The options are the province's cities, from the code lookup.
      const cities = (await (await request.get('/api/v1/homepage/code/local/43')).json()) as { region_list: { region_name: string }[] };
      await expect(region.getByRole('option')).toHaveText(['충청북도 전체', ...cities.region_list.map((c) => c.region_name)]);
      await region.selectOption({ label: '청주시' });
      await page.getByRole('combobox', { name: '기간' }).selectOption('year');
      await page.getByRole('combobox', { name: '연령대' }).selectOption('40');
      await page.getByRole('button', { name: '보기' }).click();
      await expect(page).toHaveURL(/period=year&age_group=40&city_code=43110/);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('청주시 · 최근 1년 · 40대 인기 도서');
      await axeClean(page);
    });
  }

  test('a district from a shared link is shown in the form under the name the answer gave it', async ({ page }) => {
    await page.goto('/search/popularbooksearch?city_code=43111');
    await hydrated(page);
    await expect(page.getByRole('combobox', { name: '지역' })).toHaveValue('43111');
    await expect(page.getByRole('combobox', { name: '지역' }).locator('option:checked')).toHaveText('청주시 상당구');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('청주시 상당구 · 최근 1개월 인기 도서');
    await expect(page.locator('.book-list > li').first()).toContainText('1위');
  });
});
