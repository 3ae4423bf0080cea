/**
 * What a book page needs (decision 0042): the book with its counts, its public reviews (names
 * masked, newest first, paged, the member's own marked), and the member's own diaries and
 * reviews of it through the lists' ISBN filter.
 */
import t from 'tap';
import { apiMessages } from '#shared/messages-api.ts';
import { call, curatedBooks, freshMember, login, testApi } from './helpers.ts';

const BOOK = curatedBooks()[120];
const ISBN = BOOK?.isbn ?? '';

t.test('public reviews of a book: masked, newest first, paged; the book counts them', async (t) => {
  const api = await testApi({ start: '2026-11-10T10:00:00+09:00', settings: { accessTtlS: 365 * 24 * 3600 } });
  t.teardown(api.close);
  const reader = (await login(api.app, 'reader01')).access_token;
  const fresh = await freshMember(api.app);
  const admin = (await login(api.app, 'admin01')).access_token;
  const write = (token: string, title: string) =>
    call(api.app, token, 'POST', '/activity/bookreview', { isbn: ISBN, title, content: '좋은 책을 읽었다. '.repeat(25), rating: 4 });

  const empty = (await call(api.app, undefined, 'GET', `/book/${ISBN}/reviews`)).json();
  t.match(empty, { result: 'success', isbn: ISBN, review_list: [], total: 0, page: 1, size: 10 });
  const first = (await write(reader, '첫 서평')).json();
  api.clock.set('2026-11-12T10:00:00+09:00');
  await write(fresh, '둘째 서평');
  api.clock.set('2026-11-11T10:00:00+09:00');
  const third = (await write(admin, '하루 앞선 서평')).json();
  t.equal((await call(api.app, admin, 'POST', '/admin/penalty', { activity_key: third.activity_key, reason: '다른 글을 옮겨 씀' })).statusCode, 200);
  const again = await write(fresh, '같은 책의 두 번째 서평');
  t.same([again.statusCode, again.json().msg], [409, apiMessages.activity.reviewExists], 'one review per member and book');

  const visitor = (await call(api.app, undefined, 'GET', `/book/${ISBN}/reviews`)).json();
  t.equal(visitor.total, 2, 'a revoked review is not shown');
  t.match(visitor.review_list, [
    { title: '둘째 서평', user_name: '이*호', activity_date: '2026-11-12', rating: 4, mine_yn: 'N' },
    { title: '첫 서평', user_name: '김*연', activity_date: '2026-11-10', review_key: first.activity_key, mine_yn: 'N' },
  ]);
  t.notOk(JSON.stringify(visitor).includes('김서연') || JSON.stringify(visitor).includes('이준호'), 'no full name');
  const mine = (await call(api.app, reader, 'GET', `/book/${ISBN}/reviews`)).json();
  t.same(mine.review_list.map((r: { mine_yn: string }) => r.mine_yn), ['N', 'Y'], 'the member’s own review is marked');
  const page2 = (await call(api.app, undefined, 'GET', `/book/${ISBN}/reviews?size=1&page=2`)).json();
  t.match(page2, { page: 2, size: 1, total: 2, review_list: [{ title: '첫 서평' }] });

  const book = (await call(api.app, undefined, 'GET', `/book/${ISBN}`)).json();
  t.match(book, { book: { isbn: ISBN, title: BOOK?.title, author: BOOK?.author, publisher: BOOK?.publisher, pub_year: BOOK?.pubYear }, review_count: 2, average_rating: 4 });
  t.equal((await call(api.app, undefined, 'GET', '/book/9780000000002/reviews')).statusCode, 404, 'an unknown book');
  t.equal((await call(api.app, undefined, 'GET', `/book/${ISBN}/reviews?size=101`)).statusCode, 400);

  // The member's own writing about the book: the lists' ISBN filter.
  await call(api.app, reader, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '이 책의 첫 일지' });
  const diaries = (await call(api.app, reader, 'GET', `/activity/getbookdiaryinfolist?isbn=${ISBN}`)).json();
  t.match(diaries, { total: 1, diary_list: [{ isbn: ISBN, content: '이 책의 첫 일지' }] });
  const reviews = (await call(api.app, reader, 'GET', `/activity/getbookreviewinfolist?isbn=${ISBN}`)).json();
  t.match(reviews, { total: 1, review_list: [{ title: '첫 서평', content: /좋은 책을 읽었다/ }] });
  const acts = (await call(api.app, reader, 'GET', `/activity/getbookactivityinfolist?isbn=${ISBN}`)).json();
  t.same(acts.activity_list.map((a: { activity_type: string }) => a.activity_type).sort(), ['diary', 'review']);
});
