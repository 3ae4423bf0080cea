/**
 * Reading statistics of 나의 활동 (decisions 0063, 0112): points by month for the last 12 Seoul
 * months (zero-filled, equal to the point list's earnings of each month), this year's
 * activities by type (equal to the activity list), books read this year (distinct ISBNs with
 * a diary, review or loan) against the goal the member sets — for the seeded reader01 and
 * after writes; and the reading streak (decision 0151) across Seoul midnights.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { ACTIVITY_TYPES, type ActivityItem, type PointEntry, type ReadingStreak, type UserStatistics } from '#shared/contract/index.ts';
import { activityNames } from '#shared/messages-api.ts';
import { call, curatedBooks, freshMember, login, testApi } from './helpers.ts';

const LONG = 365 * 24 * 3600;
const [A, B, C] = curatedBooks().slice(40, 43).map((b) => b.isbn);

async function statistics(app: FastifyInstance, token: string): Promise<UserStatistics> {
  const r = await call(app, token, 'GET', '/activity/getuserstatistics');
  if (r.statusCode !== 200) throw new Error(r.body);
  return (r.json() as { statistics: UserStatistics }).statistics;
}

async function pages<T>(app: FastifyInstance, token: string, url: string, key: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const r = (await call(app, token, 'GET', `${url}&size=100&page=${page}`)).json() as Record<string, unknown> & { total: number };
    out.push(...(r[key] as T[]));
    if (out.length >= r.total) return out;
  }
}

t.test('reader01’s statistics agree with the point list and the activity list', async (t) => {
  const api = await testApi({ start: '2026-11-21T10:00:00+09:00', settings: { accessTtlS: LONG } });
  t.teardown(api.close);
  const tok = (await login(api.app, 'reader01')).access_token;
  const s = await statistics(api.app, tok);
  t.equal(s.today, '2026-11-21');
  t.same(s.points_by_month.map((m) => m.month), [
    '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
  ], 'the last 12 months, oldest first');
  for (const m of s.points_by_month.slice(0, 9)) t.same(m, { month: m.month, earned: 0, activity_count: 0 }, `${m.month}: zero-filled`);
  t.ok((s.points_by_month.at(-1)?.earned ?? 0) > 0 && (s.points_by_month.at(-2)?.earned ?? 0) > 0, 'earned last month and this month');

  for (const m of s.points_by_month.slice(-3)) {
    const earned = await pages<PointEntry>(api.app, tok, `/user/point/list?entry_type=earn&month=${m.month}`, 'point_list');
    t.equal(m.earned, earned.reduce((sum, e) => sum + e.points, 0), `${m.month}: the point list's earnings of the month`);
  }
  const activities = (await pages<ActivityItem>(api.app, tok, '/activity/getbookactivityinfolist?from=2026-01-01&to=2026-11-21', 'activity_list'))
    .filter((a) => a.status === 'recorded');
  t.same(s.activities_by_type.map((x) => x.activity_type), [...ACTIVITY_TYPES], 'every type, in order');
  for (const x of s.activities_by_type) {
    const mine = activities.filter((a) => a.activity_type === x.activity_type);
    t.same(x, { activity_type: x.activity_type, activity_name: activityNames[x.activity_type], count: mine.length, points: mine.reduce((n, a) => n + a.points, 0) }, x.activity_type);
  }
  t.match(s.activities_by_type.find((x) => x.activity_type === 'purchase'), { count: 0 }, 'the revoked purchase is left out');
  t.ok((s.activities_by_type.find((x) => x.activity_type === 'checkin')?.count ?? 0) >= 5, 'the challenge check-ins');
  const books = new Set(activities.filter((a) => ['diary', 'review', 'loan'].includes(a.activity_type)).map((a) => a.isbn));
  t.same(s.books, { year: '2026', read_count: books.size, goal_books: null }, 'distinct books with a diary, review or loan; no goal yet');
  t.ok(books.size >= 2);
});

t.test('after writes: months, types, books and the goal', async (t) => {
  const api = await testApi({ start: '2026-11-21T10:00:00+09:00', settings: { accessTtlS: LONG } });
  t.teardown(api.close);
  const tok = await freshMember(api.app);
  const empty = await statistics(api.app, tok);
  t.ok(empty.points_by_month.every((m) => m.earned === 0 && m.activity_count === 0), 'a new member: all zero');
  t.ok(empty.activities_by_type.every((x) => x.count === 0 && x.points === 0));
  t.same(empty.books, { year: '2026', read_count: 0, goal_books: null });

  const write = async (path: string, body: object) => {
    const r = await call(api.app, tok, 'POST', path, body);
    if (r.statusCode !== 200) throw new Error(`${path}: ${r.body}`);
    return r.json() as { points: number; activity_key: number };
  };
  await write('/activity/bookdiary', { isbn: A, content: '첫 일지' });
  await write('/activity/bookreview', { isbn: A, title: '같은 책 서평', content: '책'.repeat(220), rating: 4 });
  await write('/activity/authentication/loan', { loan_no: 'S-0001', isbn: B, library_code: '4311101', loan_date: '2026-11-02' });
  await write('/activity/authentication/purchase', { bookstore_key: 1, receipt_no: 'S-R-0001', purchase_date: '2026-11-20', amount: 15000, book_title: '책', isbn: C, book_format: 'paper' });
  const s = await statistics(api.app, tok);
  t.same(s.points_by_month.at(-1), { month: '2026-11', earned: 200 + 500 + 1000 + 2000, activity_count: 4 });
  t.match(s.activities_by_type.filter((x) => x.count > 0), [
    { activity_type: 'diary', count: 1, points: 200 },
    { activity_type: 'review', count: 1, points: 500 },
    { activity_type: 'loan', count: 1, points: 1000 },
    { activity_type: 'purchase', count: 1, points: 2000 },
  ]);
  t.equal(s.books.read_count, 2, 'a diary and a review of one book, a loan of another; a purchase is not reading');

  const goal = await call(api.app, tok, 'POST', '/user/goal', { goal_books: 24 });
  t.same(goal.json(), { result: 'success', books: { year: '2026', read_count: 2, goal_books: 24 }, msg: '올해 목표를 24권으로 정했습니다.' });
  t.equal((await call(api.app, tok, 'POST', '/user/goal', { goal_books: 12 })).json().books.goal_books, 12, 'changed');
  t.equal((await statistics(api.app, tok)).books.goal_books, 12);
  for (const bad of [0, 366, 1.5]) {
    const r = await call(api.app, tok, 'POST', '/user/goal', { goal_books: bad });
    t.same([r.statusCode, r.json().msg], [400, '목표 권수를 다시 확인해 주세요.'], `goal ${bad}`);
  }

  // A penalty revokes the loan: it leaves the counts and the books, its earning stays in the month.
  const admin = (await login(api.app, 'admin01')).access_token;
  const loanKey = (await pages<ActivityItem>(api.app, tok, '/activity/getbookactivityinfolist?from=2026-11-01', 'activity_list')).find((a) => a.activity_type === 'loan')?.activity_key;
  t.equal((await call(api.app, admin, 'POST', '/admin/penalty', { activity_key: loanKey, reason: '다른 회원의 대출 기록' })).statusCode, 200);
  const after = await statistics(api.app, tok);
  t.match(after.activities_by_type.find((x) => x.activity_type === 'loan'), { count: 0, points: 0 });
  t.equal(after.books.read_count, 1);
  t.same(after.points_by_month.at(-1), { month: '2026-11', earned: 3700, activity_count: 3 }, 'earned counts what was credited; the clawback is a penalty entry');

  // A new year: this year's counts and goal start over; the 12 months run across the year end.
  api.clock.set('2027-01-05T09:00:00+09:00');
  const next = await statistics(api.app, tok);
  t.same([next.points_by_month[0]?.month, next.points_by_month.at(-1)?.month], ['2026-02', '2027-01']);
  t.same(next.points_by_month.at(-3), { month: '2026-11', earned: 3700, activity_count: 3 });
  t.same(next.points_by_month.at(-1), { month: '2027-01', earned: 0, activity_count: 0 });
  t.ok(next.activities_by_type.every((x) => x.count === 0));
  t.same(next.books, { year: '2027', read_count: 0, goal_books: null });
  t.equal((await call(api.app, undefined, 'GET', '/activity/getuserstatistics')).statusCode, 401);
});

t.test('the reading streak (decision 0151): Seoul days with a diary, alive until a whole day is missed', async (t) => {
  // 23:30 in Seoul is 14:30 UTC the same day; 08:00 the next Seoul day is still the UTC day before.
  const api = await testApi({ start: '2026-11-20T23:30:00+09:00', settings: { accessTtlS: LONG } });
  t.teardown(api.close);
  const tok = await freshMember(api.app);
  const streak = async () => {
    const r = await call(api.app, tok, 'GET', '/activity/getuserreadingstreak');
    if (r.statusCode !== 200) throw new Error(r.body);
    const body = r.json() as { result: string; streak: ReadingStreak };
    t.equal(body.result, 'success');
    return body.streak;
  };
  const diary = async (content: string) => t.equal((await call(api.app, tok, 'POST', '/activity/bookdiary', { isbn: A, content })).statusCode, 200, content);

  t.same(await streak(), { today: '2026-11-20', current_days: 0, longest_days: 0, last_day: null }, 'a new member');
  await diary('밤늦게 쓴 일지');
  t.same(await streak(), { today: '2026-11-20', current_days: 1, longest_days: 1, last_day: '2026-11-20' });
  api.clock.set('2026-11-21T00:00:00+09:00');
  t.same(await streak(), { today: '2026-11-21', current_days: 1, longest_days: 1, last_day: '2026-11-20' }, 'past Seoul midnight (15:00 UTC): yesterday keeps it');
  api.clock.set('2026-11-21T08:00:00+09:00');
  await diary('아침에 쓴 일지');
  await diary('같은 날 또 쓴 일지');
  t.same(await streak(), { today: '2026-11-21', current_days: 2, longest_days: 2, last_day: '2026-11-21' }, 'the Seoul day, not the UTC one; twice a day counts once');
  api.clock.set('2026-11-22T23:59:59+09:00');
  t.same(await streak(), { today: '2026-11-22', current_days: 2, longest_days: 2, last_day: '2026-11-21' }, 'until the end of the next day');
  api.clock.set('2026-11-23T00:00:00+09:00');
  t.same(await streak(), { today: '2026-11-23', current_days: 0, longest_days: 2, last_day: '2026-11-21' }, 'a whole Seoul day missed');
  await diary('다시 시작한 일지');
  t.same(await streak(), { today: '2026-11-23', current_days: 1, longest_days: 2, last_day: '2026-11-23' });

  t.equal((await call(api.app, undefined, 'GET', '/activity/getuserreadingstreak')).statusCode, 401, 'members only');
  t.equal((await call(api.app, tok, 'GET', '/activity/getuserreadingstreak?days=3')).statusCode, 400, 'no query parameters');
});
