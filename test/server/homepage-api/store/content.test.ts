/** The content store: notices, FAQ, newsletters, system texts, partner bookstores. */
import { ALL_ROWS } from '#server/homepage-api/store/rows.ts';
import { dialectTest } from './helpers.ts';

dialectTest('notices: filters, newest first, paging, reading counts', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const { content } = stores;
  const all = await content.notices({ type: null, display: null }, ALL_ROWS);
  t.equal(all.rows.length, all.total);
  const dates = all.rows.map((n) => n.reg_date);
  t.same(dates, [...dates].sort().reverse(), 'newest first');
  const shown = await content.notices({ type: null, display: 'Y' }, ALL_ROWS);
  t.ok(shown.rows.every((n) => n.display_yn === 'Y') && shown.total < all.total, 'hidden notices filtered out');
  const general = await content.notices({ type: '1', display: null }, { limit: 2, offset: 1 });
  t.equal(general.rows.length, 2);
  t.ok(general.rows.every((n) => n.notice_type === '1'));
  t.same(general.rows.map((n) => n.notice_info_key), (await content.notices({ type: '1', display: null }, ALL_ROWS)).rows.slice(1, 3).map((n) => n.notice_info_key));

  const key = shown.rows[0]?.notice_info_key ?? 0;
  const first = await content.readNotice(key);
  const second = await content.readNotice(key);
  t.equal((second?.view_count ?? 0) - (first?.view_count ?? 0), 1, 'each reading counts');
  t.ok(first?.notice_content);
  const hidden = all.rows.find((n) => n.display_yn === 'N');
  t.ok(hidden);
  t.equal(await content.readNotice(hidden?.notice_info_key ?? 0), undefined, 'a hidden notice is not read');
});

dialectTest('FAQ, newsletters, system contents', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const { content } = stores;
  const cats = await content.faqCategories();
  t.same(cats.map((c) => c.category), ['member', 'point', 'activity', 'challenge', 'bookstore']);
  t.equal(cats.reduce((s, c) => s + c.count, 0), (await content.faqs(null)).length);
  const points = await content.faqs('point');
  t.ok(points.length > 0 && points.every((f) => f.category === 'point' && f.category_name === '포인트'));

  const letters = await content.newsletters({ limit: 2, offset: 0 });
  t.equal(letters.rows.length, 2);
  t.ok((letters.rows[0]?.issue_no ?? 0) > (letters.rows[1]?.issue_no ?? 0), 'latest issue first');
  t.equal(letters.total, (await content.newsletters({ limit: 100, offset: 0 })).rows.length);
  t.match(await content.newsletter(letters.rows[0]?.newsletter_key ?? 0), { content: String });
  t.equal(await content.newsletter(999), undefined);

  const terms = await content.systemContent('terms');
  t.ok(terms && terms.sections.length > 1);
  t.ok(terms?.content.startsWith(`${terms.sections[0]?.heading}\n`), 'the whole text joins the sections');
  t.equal(await content.systemContent('nope'), undefined);
});

dialectTest('partner bookstores: city (Cheongju includes its gu), town, name', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const { content } = stores;
  const page = { limit: 100, offset: 0 };
  const all = await content.bookstores({ city: null, town: null, query: null }, page);
  const cheongju = await content.bookstores({ city: '43110', town: null, query: null }, page);
  t.ok(cheongju.total > 0 && cheongju.rows.every((b) => b.cityCode.startsWith('4311')), 'the four gu of Cheongju');
  const sangdang = await content.bookstores({ city: '43111', town: null, query: null }, page);
  t.ok(sangdang.rows.every((b) => b.cityCode === '43111'));
  const town = sangdang.rows[0]?.townCode ?? '';
  t.ok((await content.bookstores({ city: null, town, query: null }, page)).rows.every((b) => b.townCode === town));
  const name = all.rows[0]?.name ?? '';
  t.ok((await content.bookstores({ city: null, town: null, query: name }, page)).rows.some((b) => b.name === name), 'by name');
  t.equal((await content.bookstoreCities()).reduce((s, c) => s + c.count, 0), all.total);
  t.ok(await content.bookstoreExists(all.rows[0]?.bookstoreId ?? 0));
  t.notOk(await content.bookstoreExists(9999));
});
