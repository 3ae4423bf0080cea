/**
 * What the earning forms need (decision 0042): every earning route answers what it earned and,
 * for 0 points, why in plain Korean (monthly count reached, daily limit, monthly cap,
 * suspension); duplicates are refused with their own message; the libraries of a loan and
 * the author talks one can check in to are listed.
 */
import t from 'tap';
import { DEFAULT_RULES, type ProgrammeRules } from '#server/homepage-api/settings.ts';
import { activityNames, apiMessages } from '#shared/messages-api.ts';
import type { ActivityType } from '#shared/contract/points.ts';
import { call, curatedBooks, freshMember, login, testApi } from './helpers.ts';

const ISBN = curatedBooks()[130]?.isbn ?? '';
/** Reviews: one per book (decision 0113). */
const OTHER_BOOKS = curatedBooks().slice(131, 134).map((b) => b.isbn);
const LONG = 365 * 24 * 3600;
/** Every monthly limit at 1, so the second activity of a kind earns 0. */
const ONE_A_MONTH = Object.fromEntries(
  Object.entries(DEFAULT_RULES.activities).map(([k, r]) => [k, { ...r, monthlyLimit: r.monthlyLimit === null ? null : 1 }]),
) as ProgrammeRules['activities'];

t.test('every earning route: the second of the month earns 0 and says why', async (t) => {
  // More writes in this minute than the write rate allows (decision 0113): not what is tested here.
  const api = await testApi({ start: '2026-11-21T10:00:00+09:00', settings: { accessTtlS: LONG, rules: { activities: ONE_A_MONTH, writesPerMinute: 100 } } });
  t.teardown(api.close);
  const token = (await login(api.app, 'reader01')).access_token;
  const post = (path: string, body: object) => call(api.app, token, 'POST', path, body);
  const limited = (type: ActivityType) => ({
    points: 0, point_reason: 'activity_limit', monthly_limit: 1, earned_count_month: 1,
    msg: apiMessages.points.activityLimit(activityNames[type], 1),
  });
  const earnedOnce = { monthly_limit: 1, earned_count_month: 1 };

  const routes: [ActivityType, string, object, object][] = [
    ['review', '/activity/bookreview', { isbn: ISBN, title: '서평', content: '책'.repeat(210), rating: 5 }, { isbn: OTHER_BOOKS[0], title: '또 서평', content: '책'.repeat(210), rating: 4 }],
    ['purchase', '/activity/authentication/purchase',
      { bookstore_key: 4, receipt_no: 'R-20261121-1001', purchase_date: '2026-11-21', amount: 18000, book_title: '작별하지 않는다', book_format: 'paper' },
      { bookstore_key: 4, receipt_no: 'R-20261121-1002', purchase_date: '2026-11-20', amount: 15000, book_title: '흰', book_format: 'paper' }],
    ['authortalk', '/activity/authentication/authortalk', { check_in_code: 'TALK2026' }, { check_in_code: 'MEET2026' }],
    ['edu', '/activity/authentication/edu',
      { edu_type: 'lifelong', certificate_no: 'LE-2026-100001', course_name: '인문학 강좌', completed_on: '2026-10-02' },
      { edu_type: 'lifelong', certificate_no: 'LE-2026-100002', course_name: '글쓰기 강좌', completed_on: '2026-11-02' }],
  ];
  for (const [type, path, first, second] of routes) {
    const a = await post(path, first);
    t.equal(a.statusCode, 200, `${type}: ${a.body.slice(0, 120)}`);
    t.match(a.json(), { activity_type: type, point_reason: 'awarded', msg: apiMessages.points.awarded(a.json().points), ...earnedOnce });
    t.ok(a.json().points > 0, `${type} earns`);
    const b = await post(path, second);
    t.match(b.json(), { activity_type: type, ...limited(type) }, `${type}: the second of the month says why it earned 0`);
  }
  // reader01 has a loan this month already (the seed): the next one reaches the limit of 1.
  const loan = await post('/activity/authentication/loan', { loan_no: 'CJ-2026-5501', isbn: ISBN, library_code: '4311101', loan_date: '2026-11-21' });
  t.match(loan.json(), limited('loan'));

  // Diary: the second of a day is the daily limit.
  const d1 = (await post('/activity/bookdiary', { isbn: ISBN, content: '오늘 읽은 부분' })).json();
  const d2 = (await post('/activity/bookdiary', { isbn: ISBN, content: '또 읽었다' })).json();
  t.match(d2, { points: 0, point_reason: 'daily_limit', msg: apiMessages.points.dailyLimit(activityNames.diary) });
  t.ok(d1.points === 0 || d1.point_reason === 'awarded');

  // A meeting: each attendee's result, with the reason.
  const m1 = (await post('/bookclub/1/meetings', { held_on: '2026-11-20', topic: '11월 모임', attendees: ['2026000001', '2026000101'] })).json();
  t.match(m1.awarded, [
    { user_no: '2026000001', user_name: '김서연', points: 500, point_reason: 'awarded', msg: apiMessages.points.awarded(500) },
    { user_no: '2026000101', points: 500 },
  ]);
  const m2 = (await post('/bookclub/1/meetings', { held_on: '2026-11-21', topic: '번개 모임', attendees: ['2026000001'] })).json();
  t.match(m2.awarded, [{ points: 0, point_reason: 'activity_limit', msg: apiMessages.points.activityLimit(activityNames.bookclub, 1) }]);
  t.equal(m2.msg, apiMessages.bookclub.meetingRecorded(0));

  // Duplicates are not recorded: their own messages.
  const dup = async (path: string, body: object, msg: string) => {
    const r = await post(path, body);
    t.same([r.statusCode, r.json().msg], [409, msg], `${path}: duplicate`);
  };
  await dup('/activity/authentication/purchase', routes[1]?.[2] ?? {}, apiMessages.activity.purchaseDuplicate);
  await dup('/activity/authentication/authortalk', { check_in_code: 'TALK2026' }, apiMessages.activity.talkDuplicate);
  await dup('/activity/authentication/edu', routes[3]?.[2] ?? {}, apiMessages.activity.eduDuplicate);
  await dup('/activity/authentication/loan', { loan_no: 'CJ-2026-5501', isbn: ISBN, library_code: '4311101', loan_date: '2026-11-21' }, apiMessages.activity.loanDuplicate);
});

t.test('the monthly cap and a suspension say why an activity earned 0', async (t) => {
  const api = await testApi({ start: '2026-11-21T10:00:00+09:00', settings: { accessTtlS: LONG, rules: { monthlyCap: 1100 } } });
  t.teardown(api.close);
  const token = await freshMember(api.app);
  const admin = (await login(api.app, 'admin01')).access_token;
  const review = (n: number) => call(api.app, token, 'POST', '/activity/bookreview', { isbn: OTHER_BOOKS[n - 1], title: `서평 ${n}`, content: '책'.repeat(300), rating: 3 });
  t.match((await review(1)).json(), { points: 500 });
  t.match((await review(2)).json(), { points: 500 });
  t.match((await review(3)).json(), { points: 0, point_reason: 'monthly_cap', msg: apiMessages.points.monthlyCap(1100) });
  const diary = (await call(api.app, token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '첫 일지' })).json();
  t.match(diary, { points: 0, point_reason: 'monthly_cap' }, 'the first diary (200) no longer fits');
  await call(api.app, admin, 'POST', '/admin/penalty', { activity_key: diary.activity_key, reason: '시험', suspend_days: 3 });
  api.clock.set('2026-11-22T10:00:00+09:00');
  const talk = (await call(api.app, token, 'POST', '/activity/authentication/authortalk', { check_in_code: 'POEM77' })).json();
  t.equal(talk.msg, apiMessages.activity.talkNotToday, 'not the day of that talk');
  const suspended = (await call(api.app, token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '정지 중의 일지' })).json();
  t.match(suspended, { points: 0, point_reason: 'suspended', msg: apiMessages.points.suspended('2026-11-23') });
});

t.test('libraries for a loan record; author talks one can check in to, never their codes', async (t) => {
  const api = await testApi({ start: '2026-11-21T10:00:00+09:00', settings: { accessTtlS: LONG } });
  t.teardown(api.close);
  const libraries = (await call(api.app, undefined, 'GET', '/code/libraries')).json();
  t.ok(libraries.library_list.length >= 30, `${libraries.library_list.length} public libraries`);
  t.match(libraries.library_list[0], { library_code: '4311101', library_name: '청주시립도서관', city_code: '43111', city_name: '청주시 상당구' });
  const codes = libraries.library_list.map((l: { library_code: string }) => l.library_code);
  t.equal(new Set(codes).size, codes.length, 'codes are unique');
  const cities = new Set(libraries.library_list.map((l: { city_code: string }) => l.city_code.slice(0, 4)));
  t.ok(cities.size >= 10, 'every city and county has a library');
  const cheongju = (await call(api.app, undefined, 'GET', '/code/libraries?city_code=43110')).json().library_list;
  t.ok(cheongju.length >= 15 && cheongju.every((l: { city_code: string }) => l.city_code.startsWith('4311')), 'Cheongju: its four gu');
  const chungju = (await call(api.app, undefined, 'GET', '/code/libraries?city_code=43130')).json().library_list;
  t.same(chungju.map((l: { library_name: string }) => l.library_name), ['충주시립도서관']);

  const reader = (await login(api.app, 'reader01')).access_token;
  const talks = (await call(api.app, reader, 'GET', '/activity/authortalks')).json();
  t.match(talks, { today: '2026-11-21', from: '2026-10-22', to: '2027-02-19' });
  t.notOk(/TALK2026|MEET2026|POEM77|CBK1120/.test(JSON.stringify(talks)), 'no check-in code in the answer');
  const days = talks.talk_list.map((x: { held_on: string }) => x.held_on);
  t.same(days, [...days].sort(), 'in date order');
  const today = talks.talk_list.filter((x: { checkin_open_yn: string }) => x.checkin_open_yn === 'Y');
  t.equal(today.length, 2, 'two talks today');
  t.ok(today.every((x: { held_on: string; venue: string; author: string }) => x.held_on === '2026-11-21' && x.venue && x.author));
  await call(api.app, reader, 'POST', '/activity/authentication/authortalk', { check_in_code: 'TALK2026' });
  const after = (await call(api.app, reader, 'GET', '/activity/authortalks')).json().talk_list;
  t.equal(after.filter((x: { checked_in_yn: string }) => x.checked_in_yn === 'Y').length, 1, 'the member’s check-in is marked');
  const visitor = (await call(api.app, undefined, 'GET', '/activity/authortalks?from=2026-11-21&to=2026-11-21')).json();
  t.equal(visitor.talk_list.length, 2);
  t.ok(visitor.talk_list.every((x: { checked_in_yn: string }) => x.checked_in_yn === 'N'), 'a visitor has checked in to nothing');
});
