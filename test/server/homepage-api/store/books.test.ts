/** The book store: the catalogue, a book's counts, popular books, search. */
import t from 'tap';
import { curatedBooks } from '#server/homepage-api/seed/books.ts';
import type { ActivityType } from '#shared/contract/points.ts';
import { QUIET_MEMBER, storeDb, type StoreDb } from './helpers.ts';

const books = curatedBooks();
const A = books[100]?.isbn ?? '';
const B = books[101]?.isbn ?? '';

function act(s: StoreDb, type: ActivityType, isbn: string, day: string, memberId = QUIET_MEMBER): number {
  return s.stores.activities.add({ memberId, type, isbn, points: 0, reason: 'awarded', day, at: Date.parse(`${day}T12:00:00+09:00`) });
}

t.test('a book and its counts: only recorded diaries and reviews', async (t) => {
  const s = storeDb();
  t.teardown(s.close);
  t.match(s.stores.books.byIsbn(A), { isbn: A, title: books[100]?.title, author: books[100]?.author });
  t.ok(s.stores.books.exists(A));
  t.notOk(s.stores.books.exists('9780000000002'));
  t.equal(s.stores.books.byIsbn('9780000000002'), undefined);
  t.same(s.stores.books.stats(A), { diaryCount: 0, reviewCount: 0, averageRating: null });
  s.stores.activities.addDiary(act(s, 'diary', A, '2026-11-01'), { memberId: QUIET_MEMBER, isbn: A, content: '일지', readPages: 10, writtenOn: '2026-11-01' });
  const r1 = act(s, 'review', A, '2026-11-02');
  s.stores.activities.addReview(r1, { memberId: QUIET_MEMBER, isbn: A, title: '서평', content: '내용', rating: 4 });
  s.stores.activities.addReview(act(s, 'review', A, '2026-11-03', 1), { memberId: 1, isbn: A, title: '서평', content: '내용', rating: 5 });
  t.same(s.stores.books.stats(A), { diaryCount: 1, reviewCount: 2, averageRating: 4.5 });
  s.stores.activities.revoke(r1);
  t.same(s.stores.books.stats(A), { diaryCount: 1, reviewCount: 1, averageRating: 5 }, 'a revoked review no longer counts');
});

t.test('popular books: score = diaries + 3 × reviews + 2 × loans, period, region, birth years', async (t) => {
  const s = storeDb();
  t.teardown(s.close);
  // reader02 (member 2): 충주시, born 1995. Activity in January 2020, outside the seeded months.
  act(s, 'diary', A, '2020-01-05');
  act(s, 'diary', A, '2020-01-06');
  act(s, 'review', B, '2020-01-07');
  act(s, 'loan', A, '2020-01-08');
  act(s, 'diary', B, '2020-02-01');
  const period = { from: '2020-01-01', to: '2020-01-31', city: null, bornFrom: null, bornTo: null };
  const page = { limit: 10, offset: 0 };
  const r = s.stores.books.popular(period, page);
  t.equal(r.total, 2);
  t.match(r.rows, [
    { rank: 1, isbn: A, diary_count: 2, review_count: 0, loan_count: 1, score: 4 },
    { rank: 2, isbn: B, diary_count: 0, review_count: 1, loan_count: 0, score: 3 },
  ]);
  t.match(s.stores.books.popular(period, { limit: 1, offset: 1 }).rows, [{ rank: 2, isbn: B }], 'ranks count from the offset');
  t.equal(s.stores.books.popular({ ...period, city: '43130' }, page).total, 2, 'the member’s city');
  t.equal(s.stores.books.popular({ ...period, city: '43110' }, page).total, 0, 'another city');
  t.equal(s.stores.books.popular({ ...period, bornFrom: 1990, bornTo: 1999 }, page).total, 2);
  t.equal(s.stores.books.popular({ ...period, bornFrom: 1960, bornTo: 1969 }, page).total, 0);
});

t.test('search goes through the catalogue index', async (t) => {
  const s = storeDb();
  t.teardown(s.close);
  const title = books[100]?.title ?? '';
  const r = s.stores.books.search(title, 'all', 5, 0);
  t.equal(r.books[0]?.title, title);
  t.equal(r.chosung, false);
});
