/** The reading-points programme's rules at their edges (domain.md, decision 0102). */
import t from 'tap';
import { call, curatedBooks, freshMember, ledgerSum, login, testApi, type TestApi } from './helpers.ts';
import type { ApiSettingsInput } from '#server/homepage-api/settings.ts';

const LONG_TTL = { accessTtlS: 10 * 365 * 86400 };
const BOOKS = curatedBooks();
const ISBN = BOOKS[0]?.isbn ?? '';
/** A member reviews a book once (decision 0113): the n-th review of a test is of the n-th of these. */
const REVIEW_BOOKS = BOOKS.slice(10, 20).map((b) => b.isbn);
const review = (n: number) => '책'.repeat(n);

async function setup(start: string, settings: ApiSettingsInput = {}): Promise<TestApi & { token: string }> {
  const api = await testApi({ start, settings: { ...LONG_TTL, ...settings } });
  return { ...api, token: await freshMember(api.app) };
}

async function point(api: TestApi & { token: string }) {
  return (await call(api.app, api.token, 'GET', '/user/point')).json().point;
}

t.test('book diary: first 200, then 50, one a day, all 31 days of a 31-day month earn', async (t) => {
  const api = await setup('2026-12-01T09:00:00+09:00');
  t.teardown(api.close);
  const first = await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '첫 독서일지입니다.' });
  t.match(first.json(), { result: 'success', points: 200, point_reason: 'first_activity', balance: 200 });
  const again = await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '같은 날 두 번째' });
  t.match(again.json(), { result: 'success', points: 0, point_reason: 'daily_limit', msg: /하루에 한 번/ });
  for (let day = 2; day <= 31; day++) {
    api.clock.advanceDays(1);
    const r = (await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: `${day}일째 기록` })).json();
    if (r.points !== 50) t.fail(`day ${day}: ${JSON.stringify(r)}`);
  }
  const p = await point(api);
  t.equal(p.earned_month, 200 + 30 * 50, 'the 31st diary of December earned');
  t.equal(p.balance, await ledgerSum(api.app, 'reader02'));
  const over = (await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '31일 두 번째' })).json();
  t.match(over, { points: 0, point_reason: 'daily_limit' });
  const tooLong = await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '가'.repeat(201) });
  t.same([tooLong.statusCode, tooLong.json().msg], [400, '독서일지는 200자 이내로 입력해 주세요.']);
  const unknownBook = await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: '9780000000002', content: '없는 책' });
  t.equal(unknownBook.statusCode, 404);
});

t.test('book diary monthly limit at its edge (limit configured to 3)', async (t) => {
  const api = await setup('2026-11-01T09:00:00+09:00', { rules: { activities: { diary: { points: 50, firstPoints: 200, monthlyLimit: 3 } } as never } });
  t.teardown(api.close);
  const got: number[] = [];
  for (let i = 0; i < 4; i++) {
    got.push((await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '기록' })).json().points);
    api.clock.advanceDays(1);
  }
  t.same(got, [200, 50, 50, 0], 'the 4th diary is recorded with 0');
  const list = (await call(api.app, api.token, 'GET', '/activity/getbookdiaryinfolist')).json();
  t.equal(list.total, 4, 'all four recorded');
  t.equal(list.diary_list[0].point_reason, 'activity_limit');
});

t.test('book review: 200–1,000 characters, 3 a month, the 4th earns 0', async (t) => {
  const api = await setup('2026-11-03T09:00:00+09:00');
  t.teardown(api.close);
  const short = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: ISBN, title: '짧은 서평', content: review(199), rating: 4 });
  t.same([short.statusCode, short.json().msg], [400, '서평은 200자 이상 1,000자 이내로 입력해 주세요.']);
  const long = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: ISBN, title: '긴 서평', content: review(1001), rating: 4 });
  t.equal(long.statusCode, 400);
  const points: number[] = [];
  for (const [i, n] of [200, 1000, 500, 600].entries()) {
    const r = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: REVIEW_BOOKS[i], title: '서평', content: review(n), rating: 5 });
    t.equal(r.statusCode, 200);
    points.push(r.json().points);
  }
  t.same(points, [500, 500, 500, 0]);
  const list = (await call(api.app, api.token, 'GET', '/activity/getbookreviewinfolist')).json();
  t.match(list.review_list[0], { point_reason: 'activity_limit', points: 0 });
  api.clock.set('2026-12-01T09:00:00+09:00');
  const next = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: REVIEW_BOOKS[4], title: '서평', content: review(300), rating: 5 });
  t.equal(next.json().points, 500, 'a new month, a new limit');
  const bad = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: REVIEW_BOOKS[5], title: '서평', content: review(300), rating: 6 });
  t.same([bad.statusCode, bad.json().msg], [400, '평점을 다시 확인해 주세요.']);
});

t.test('monthly cap: reaching it exactly earns, crossing it by one point earns 0', async (t) => {
  for (const [cap, expected] of [[1500, 500], [1499, 0]] as const) {
    const api = await setup('2026-11-05T09:00:00+09:00', { rules: { monthlyCap: cap } });
    t.teardown(api.close);
    const got: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: REVIEW_BOOKS[i], title: '서평', content: review(250), rating: 4 });
      got.push(r.json().points);
      if (i === 2 && expected === 0) t.match(r.json(), { point_reason: 'monthly_cap', msg: /이번 달 적립 한도\(1,499포인트\)/ });
    }
    t.same(got, [500, 500, expected], `cap ${cap}`);
    const p = await point(api);
    t.ok(p.earned_month <= cap, 'never above the cap');
    t.equal(p.remaining_month, cap - p.earned_month);
    // A smaller activity that still fits is awarded (the cap is checked per activity).
    if (expected === 0) {
      const d = await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '남은 한도 안' });
      t.match(d.json(), { point_reason: 'first_activity', points: 200 }, '1,000 + 200 still fits under 1,499');
    }
  }
});

t.test('yearly cap across months', async (t) => {
  const api = await setup('2026-10-05T09:00:00+09:00', { rules: { yearlyCap: 1000 } });
  t.teardown(api.close);
  const a = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: REVIEW_BOOKS[0], title: '서평', content: review(250), rating: 4 });
  api.clock.set('2026-11-05T09:00:00+09:00');
  const b = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: REVIEW_BOOKS[1], title: '서평', content: review(250), rating: 4 });
  const c = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: REVIEW_BOOKS[2], title: '서평', content: review(250), rating: 4 });
  t.same([a.json().points, b.json().points, c.json().points], [500, 500, 0]);
  t.match(c.json(), { point_reason: 'yearly_cap', msg: /올해 적립 한도\(1,000포인트\)/ });
  api.clock.set('2027-01-05T09:00:00+09:00');
  const d = await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: REVIEW_BOOKS[3], title: '서평', content: review(250), rating: 4 });
  t.equal(d.json().points, 500, 'a new programme year');
  const p = await point(api);
  t.equal(p.balance, 500, 'last year\'s points expired at 31 December');
  t.equal(p.balance, await ledgerSum(api.app, 'reader02'));
  const expired = (await call(api.app, api.token, 'GET', '/user/point/list?entry_type=expire')).json();
  t.match(expired.point_list, [{ entry_type: 'expire', points: -1000, reg_date: '2026-12-31T23:59:59+09:00' }]);
});

t.test('21-day challenge: consecutive days complete it; a missed day ends it', async (t) => {
  const api = await setup('2026-11-01T08:00:00+09:00', { random: () => 0 });
  t.teardown(api.close);
  const none = await call(api.app, api.token, 'POST', '/challenge/checkin');
  t.same([none.statusCode, none.json().msg], [409, '진행 중인 챌린지가 없습니다. 챌린지를 새로 시작해 주세요.']);
  const start = await call(api.app, api.token, 'POST', '/challenge/start');
  t.match(start.json(), { result: 'success', day_no: 1, points: 10, completed_yn: 'N', challenge: { status: 'active', streak: 1 } });
  t.equal((await call(api.app, api.token, 'POST', '/challenge/start')).statusCode, 409, 'one run at a time');
  const twice = await call(api.app, api.token, 'POST', '/challenge/checkin');
  t.same([twice.statusCode, twice.json().msg], [409, '오늘은 이미 출석했습니다. 내일 다시 참여해 주세요.']);
  let last = start.json();
  for (let day = 2; day <= 21; day++) {
    api.clock.advanceDays(1);
    last = (await call(api.app, api.token, 'POST', '/challenge/checkin')).json();
    if (last.day_no !== day) t.fail(`day ${day}: ${JSON.stringify(last)}`);
    if (day === 20) t.equal(last.completed_yn, 'N', 'day 20 is not yet the end');
  }
  t.match(last, { day_no: 21, completed_yn: 'Y', bonus_points: 500, challenge: { status: 'completed', streak: 21 }, msg: /완주/ });
  const p = await point(api);
  t.equal(p.earned_month, 21 * 10 + 500);
  api.clock.advanceDays(1);
  t.equal((await call(api.app, api.token, 'POST', '/challenge/checkin')).statusCode, 409, 'a completed run takes no more check-ins');

  // A new run, a missed day.
  const again = await call(api.app, api.token, 'POST', '/challenge/start');
  t.equal(again.json().day_no, 1);
  api.clock.advanceDays(1);
  t.equal((await call(api.app, api.token, 'POST', '/challenge/checkin')).json().day_no, 2);
  api.clock.advanceDays(2); // day 3 missed
  const view = (await call(api.app, api.token, 'GET', '/activity/getuserattendancecheck')).json();
  t.match(view, { checked_in_today: 'N', challenge: { status: 'ended', streak: 2 } });
  const missed = await call(api.app, api.token, 'POST', '/challenge/checkin');
  t.same([missed.statusCode, missed.json().msg], [409, '하루를 놓쳐 진행 중이던 챌린지가 종료되었습니다. 챌린지를 새로 시작해 주세요.']);
  const restart = await call(api.app, api.token, 'POST', '/challenge/start');
  t.match(restart.json(), { day_no: 1, challenge: { status: 'active' } });
  const history = (await call(api.app, api.token, 'GET', '/activity/getuserattendancecheck')).json().history;
  t.same(history.map((h: { status: string }) => h.status), ['active', 'ended', 'completed']);
});

t.test('challenge check-in points are random within 10–50', async (t) => {
  for (const [rnd, expected] of [[0, 10], [0.999999, 50], [0.5, 30]] as const) {
    const api = await setup('2026-11-01T08:00:00+09:00', { random: () => rnd });
    t.teardown(api.close);
    t.equal((await call(api.app, api.token, 'POST', '/challenge/start')).json().points, expected);
  }
});

t.test('penalties claw points back and may suspend earning', async (t) => {
  const api = await setup('2026-11-10T09:00:00+09:00');
  t.teardown(api.close);
  const r = (await call(api.app, api.token, 'POST', '/activity/bookreview', { isbn: ISBN, title: '서평', content: review(300), rating: 4 })).json();
  const admin = await login(api.app, 'admin01');
  const notAdmin = await call(api.app, api.token, 'POST', '/admin/penalty', { activity_key: r.activity_key, reason: '표절' });
  t.equal(notAdmin.statusCode, 404, 'members cannot penalise');
  const pen = await call(api.app, admin.access_token, 'POST', '/admin/penalty', { activity_key: r.activity_key, reason: '다른 사람의 서평을 옮겨 씀', suspend_days: 3 });
  t.match(pen.json(), { result: 'success', penalty: { points: -500, suspended_until: '2026-11-12', activity_type: 'review' } });
  t.equal((await call(api.app, admin.access_token, 'POST', '/admin/penalty', { activity_key: r.activity_key, reason: '다시' })).statusCode, 409);
  t.equal((await call(api.app, admin.access_token, 'POST', '/admin/penalty', { activity_key: 999999, reason: '없음' })).statusCode, 404);
  let p = await point(api);
  t.equal(p.balance, 0);
  t.equal(p.penalty_total, 500);
  t.equal(p.earning_suspended_until, '2026-11-12');
  const d = (await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '정지 중' })).json();
  t.match(d, { points: 0, point_reason: 'suspended', msg: /2026-11-12까지 정지/ });
  api.clock.set('2026-11-13T09:00:00+09:00');
  const e = (await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '정지 끝' })).json();
  t.equal(e.points, 50, 'earning again after the suspension (the first diary, recorded while suspended, was the first)');
  const penalties = (await call(api.app, api.token, 'GET', '/user/penalty/list')).json();
  t.equal(penalties.total, 1);
  p = await point(api);
  t.equal(p.balance, await ledgerSum(api.app, 'reader02'));
  const acts = (await call(api.app, api.token, 'GET', '/activity/getbookactivityinfolist?activity_type=review')).json();
  t.equal(acts.activity_list[0].status, 'revoked');
});

t.test('loan, purchase, author talk and education certification rules', async (t) => {
  const api = await setup('2026-11-21T10:00:00+09:00');
  t.teardown(api.close);
  const loan = (body: object) => call(api.app, api.token, 'POST', '/activity/authentication/loan', body);
  const l1 = await loan({ loan_no: 'CB-2026-0001', isbn: ISBN, library_code: '4311101', loan_date: '2026-11-20' });
  t.match(l1.json(), { points: 1000 });
  t.equal((await loan({ loan_no: 'CB-2026-0001', isbn: ISBN, library_code: '4311101', loan_date: '2026-11-20' })).statusCode, 409);
  t.equal((await loan({ loan_no: 'CB-2026-0002', isbn: ISBN, library_code: '4311101', loan_date: '2026-11-22' })).statusCode, 400, 'future');
  t.equal((await loan({ loan_no: 'CB-2026-0003', isbn: ISBN, library_code: '4311101', loan_date: '2026-10-31' })).statusCode, 400, 'last month');
  t.equal((await loan({ loan_no: 'CB-2026-0004', isbn: ISBN, library_code: '4311101', loan_date: '2026-11-02' })).json().points, 1000);
  t.match((await loan({ loan_no: 'CB-2026-0005', isbn: ISBN, library_code: '4311101', loan_date: '2026-11-03' })).json(), { points: 0, point_reason: 'activity_limit' });
  const unknownLibrary = await loan({ loan_no: 'CB-2026-0006', isbn: ISBN, library_code: '4399999', loan_date: '2026-11-03' });
  t.same([unknownLibrary.statusCode, unknownLibrary.json().msg], [400, '대출한 도서관을 목록에서 다시 선택해 주세요.'], 'a library not in GET /code/libraries');

  const buy = (body: object) => call(api.app, api.token, 'POST', '/activity/authentication/purchase', body);
  const base = { bookstore_key: 1, receipt_no: 'R-20261121-0001', purchase_date: '2026-11-21', amount: 16800, book_title: '소년이 온다', book_format: 'paper' };
  const ebook = await buy({ ...base, book_format: 'ebook' });
  t.same([ebook.statusCode, ebook.json().msg], [400, '전자책은 구매 인증 대상이 아닙니다. 종이책 영수증을 올려 주세요.']);
  t.equal((await buy({ ...base, purchase_date: '2026-10-30' })).statusCode, 400, 'previous month');
  t.equal((await buy({ ...base, bookstore_key: 999 })).statusCode, 404, 'not a partner bookstore');
  t.equal((await buy(base)).json().points, 2000);
  const dup = await buy(base);
  t.same([dup.statusCode, dup.json().msg], [409, '이미 인증한 영수증입니다.']);
  t.match((await buy({ ...base, receipt_no: 'R-20261121-0002' })).json(), { points: 0, point_reason: 'activity_limit' }, '1 a month');

  const talk = (code: string) => call(api.app, api.token, 'POST', '/activity/authentication/authortalk', { check_in_code: code });
  t.equal((await talk('WRONG1')).statusCode, 400);
  t.equal((await talk('POEM77')).statusCode, 400, 'not the day of the talk');
  t.equal((await talk('talk2026')).json().points, 1000, 'code is case-insensitive');
  t.equal((await talk('TALK2026')).statusCode, 409);

  const edu = (body: object) => call(api.app, api.token, 'POST', '/activity/authentication/edu', body);
  const eb = { edu_type: 'lifelong', certificate_no: 'LE-2026-000123', course_name: '인문학 독서 과정', completed_on: '2026-11-15' };
  t.match((await edu({ ...eb, certificate_no: '123' })).json(), { result: 'error', msg: /LE-2026-000123/ });
  t.equal((await edu({ ...eb, edu_type: 'cooking' })).statusCode, 400);
  t.equal((await edu({ ...eb, completed_on: '2025-12-20' })).statusCode, 400, 'this year only');
  t.equal((await edu(eb)).json().points, 500);
  t.equal((await edu(eb)).statusCode, 409, 'one certificate once');
  const list = (await call(api.app, api.token, 'GET', '/activity/authentication/purchase')).json();
  t.match(list, { authentication_type: 'purchase', monthly_limit: 1, earned_count_month: 1, total: 2 });
  const counts = (await call(api.app, api.token, 'GET', '/activity/getuseractivitycnt')).json();
  t.match(counts.counts.find((c: { activity_type: string }) => c.activity_type === 'loan'), { count: 3, earned_count: 2, monthly_limit: 2, points: 2000 });
  t.equal((await point(api)).balance, await ledgerSum(api.app, 'reader02'));
});

t.test('writes need agreed terms and an active member', async (t) => {
  const api = await testApi({ settings: LONG_TTL });
  t.teardown(api.close);
  const { access_token } = await login(api.app, 'reader02');
  const r = await call(api.app, access_token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '동의 전' });
  t.same([r.statusCode, r.json().msg], [409, '약관에 동의한 뒤 이용할 수 있습니다. 약관 동의를 먼저 해 주세요.']);
  t.equal((await api.app.db.prepare("SELECT count(*) AS n FROM activities WHERE member_id = 2").get())?.['n'], 0, 'nothing written');
});

t.test('book clubs: join, full, leave, meetings by the leader', async (t) => {
  const api = await setup('2026-11-21T10:00:00+09:00');
  t.teardown(api.close);
  const join = await call(api.app, api.token, 'POST', '/bookclub/1/join');
  t.match(join.json(), { result: 'success', club: { joined_yn: 'Y', member_count: 6 } });
  t.equal((await call(api.app, api.token, 'POST', '/bookclub/1/join')).statusCode, 409, 'already a member');
  const full = await call(api.app, api.token, 'POST', '/bookclub/4/join');
  t.same([full.statusCode, full.json().msg], [409, '모집 인원이 모두 찼습니다.']);
  t.equal((await call(api.app, api.token, 'POST', '/bookclub/999/join')).statusCode, 404);
  const notLeader = await call(api.app, api.token, 'POST', '/bookclub/1/meetings', { held_on: '2026-11-20', topic: '모임', attendees: ['2026000002'] });
  t.equal(notLeader.statusCode, 404, 'only the leader records meetings');

  const leader = await login(api.app, 'reader01');
  const meeting = (body: object) => call(api.app, leader.access_token, 'POST', '/bookclub/1/meetings', body);
  const stranger = await meeting({ held_on: '2026-11-20', topic: '모임', attendees: ['2026900001'] });
  t.same([stranger.statusCode, stranger.json().msg], [400, '한지훈은 이 동아리 회원이 아닙니다.']);
  const unknown = await meeting({ held_on: '2026-11-20', topic: '모임', attendees: ['2099999999'] });
  t.same([unknown.statusCode, unknown.json().msg], [400, '참석자의 회원번호를 다시 확인해 주세요.']);
  const ok = await meeting({ held_on: '2026-11-20', topic: '「소년이 온다」 함께 읽기', isbn: ISBN, attendees: ['2026000001', '2026000002'] });
  t.match(ok.json(), { result: 'success', awarded: [{ user_no: '2026000001', points: 500 }, { user_no: '2026000002', points: 500 }] });
  t.equal((await meeting({ held_on: '2026-11-20', topic: '다시', attendees: ['2026000002'] })).statusCode, 409, 'one meeting a day');
  t.equal((await meeting({ held_on: '2026-10-20', topic: '지난달', attendees: ['2026000002'] })).statusCode, 400);
  const detail = (await call(api.app, leader.access_token, 'GET', '/bookclub/1')).json();
  t.equal(detail.meetings[0].attendee_count, 2);
  t.ok(detail.members.every((m: { user_no: string | null }) => m.user_no !== null), 'the leader sees member numbers');
  const visitorView = (await call(api.app, undefined, 'GET', '/bookclub/1')).json();
  t.ok(visitorView.members.every((m: { user_no: string | null; user_name: string }) => m.user_no === null && m.user_name.includes('*')));

  t.equal((await call(api.app, leader.access_token, 'POST', '/bookclub/1/leave')).statusCode, 409, 'the leader stays');
  const leave = await call(api.app, api.token, 'POST', '/bookclub/1/leave');
  t.match(leave.json(), { result: 'success', club: { joined_yn: 'N' } });
  t.equal((await call(api.app, api.token, 'POST', '/bookclub/1/leave')).statusCode, 409);
  const mine = (await call(api.app, leader.access_token, 'GET', '/bookclub/list?mine_yn=Y')).json();
  t.same(mine.club_list.map((c: { club_key: number }) => c.club_key), [1, 2]);
});

t.test('activity ranking masks names and finds me', async (t) => {
  const api = await setup('2026-11-21T10:00:00+09:00');
  t.teardown(api.close);
  const r = (await call(api.app, api.token, 'GET', '/activity/getactivityranking?size=5')).json();
  t.equal(r.month, '2026-11');
  t.ok(r.total > 10);
  for (const item of r.ranking_list) t.match(item.user_name, /^.+\*.*$/);
  const points = r.ranking_list.map((i: { points: number }) => i.points);
  t.same(points, [...points].sort((a: number, b: number) => b - a), 'ordered by points');
  t.equal(r.my_rank, null, 'reader02 has no points this month');
  await call(api.app, api.token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '기록' });
  const mine = (await call(api.app, api.token, 'GET', '/activity/getactivityranking')).json();
  t.match(mine.my_rank, { user_name: '이*호', points: 200, me_yn: 'Y' });
  // One statement reads the page and the member's place (decision 0155): the place holds outside the page.
  const onePage = (await call(api.app, api.token, 'GET', '/activity/getactivityranking?size=1')).json();
  t.equal(onePage.ranking_list.length, 1);
  t.equal(onePage.total, mine.total);
  t.match(onePage.my_rank, { points: 200, me_yn: 'Y', rank: mine.my_rank.rank });
  const pastTheEnd = (await call(api.app, api.token, 'GET', '/activity/getactivityranking?size=5&page=999')).json();
  t.same(pastTheEnd.ranking_list, [], 'a page past the end');
  t.equal(pastTheEnd.total, mine.total, 'still says how many are ranked');
  t.match(pastTheEnd.my_rank, { points: 200, me_yn: 'Y' });
  const anon = await call(api.app, undefined, 'GET', '/activity/getactivityranking');
  t.equal(anon.statusCode, 200, 'visitors see the ranking');
});
