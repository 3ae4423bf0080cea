/** The book store: the catalogue, a book's counts, popular books, search. */
import { curatedBooks } from '#server/homepage-api/seed/books.ts';
import type { ActivityType } from '#shared/contract/points.ts';
import { QUIET_MEMBER, dialectTest, type StoreDb } from './helpers.ts';

const books = curatedBooks();
const A = books[100]?.isbn ?? '';
const B = books[101]?.isbn ?? '';

async function act(s: StoreDb, type: ActivityType, isbn: string, day: string, memberId = QUIET_MEMBER): Promise<number> {
  return await s.stores.activities.add({ memberId, type, isbn, points: 0, reason: 'awarded', day, at: Date.parse(`${day}T12:00:00+09:00`) });
}

dialectTest('a book and its counts: only recorded diaries and reviews', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  t.match(await s.stores.books.byIsbn(A), { isbn: A, title: books[100]?.title, author: books[100]?.author });
  t.ok(await s.stores.books.exists(A));
  t.notOk(await s.stores.books.exists('9780000000002'));
  t.equal(await s.stores.books.byIsbn('9780000000002'), undefined);
  t.same(await s.stores.books.stats(A), { diaryCount: 0, reviewCount: 0, averageRating: null });
  await s.stores.activities.addDiary(await act(s, 'diary', A, '2026-11-01'), { memberId: QUIET_MEMBER, isbn: A, content: '일지', readPages: 10, writtenOn: '2026-11-01' });
  const r1 = await act(s, 'review', A, '2026-11-02');
  await s.stores.activities.addReview(r1, { memberId: QUIET_MEMBER, isbn: A, title: '서평', content: '내용', rating: 4 });
  await s.stores.activities.addReview(await act(s, 'review', A, '2026-11-03', 1), { memberId: 1, isbn: A, title: '서평', content: '내용', rating: 5 });
  t.same(await s.stores.books.stats(A), { diaryCount: 1, reviewCount: 2, averageRating: 4.5 });
  await s.stores.activities.revoke(r1);
  t.same(await s.stores.books.stats(A), { diaryCount: 1, reviewCount: 1, averageRating: 5 }, 'a revoked review no longer counts');
});

dialectTest('popular books: score = diaries + 3 × reviews + 2 × loans, period, region, birth years', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  // reader02 (member 2): 충주시, born 1995. Activity in January 2020, outside the seeded months.
  await act(s, 'diary', A, '2020-01-05');
  await act(s, 'diary', A, '2020-01-06');
  await act(s, 'review', B, '2020-01-07');
  await act(s, 'loan', A, '2020-01-08');
  await act(s, 'diary', B, '2020-02-01');
  const period = { from: '2020-01-01', to: '2020-01-31', city: null, bornFrom: null, bornTo: null };
  const page = { limit: 10, offset: 0 };
  const r = await s.stores.books.popular(period, page);
  t.equal(r.total, 2);
  t.match(r.rows, [
    { rank: 1, isbn: A, diary_count: 2, review_count: 0, loan_count: 1, score: 4 },
    { rank: 2, isbn: B, diary_count: 0, review_count: 1, loan_count: 0, score: 3 },
  ]);
  t.match((await s.stores.books.popular(period, { limit: 1, offset: 1 })).rows, [{ rank: 2, isbn: B }], 'ranks count from the offset');
  t.equal((await s.stores.books.popular({ ...period, city: '43130' }, page)).total, 2, 'the member’s city');
  t.equal((await s.stores.books.popular({ ...period, city: '43110' }, page)).total, 0, 'another city');
  t.equal((await s.stores.books.popular({ ...period, bornFrom: 1990, bornTo: 1999 }, page)).total, 2);
  t.equal((await s.stores.books.popular({ ...period, bornFrom: 1960, bornTo: 1969 }, page)).total, 0);
});

dialectTest('search goes through the catalogue index', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  const title = books[100]?.title ?? '';
  const r = await s.stores.books.search(title, 'all', 5, 0);
  t.equal(r.books[0]?.title, title);
  t.equal(r.chosung, false);
});
