/**
 * Member lists are in the order a member reads them (decision 0042): by the date the member did
 * the activity (diary day, loan date, purchase date, meeting day, completion day, check-in
 * day), then the later record first — whatever order and on whatever day they were recorded.
 * Also the point list's month and activity filters and the lists' ISBN filter.
 */
import t from 'tap';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { signIn } from '#server/homepage-api/auth/tokens.ts';
import { call, curatedBooks, login, testApi } from './helpers.ts';

const ISBNS = curatedBooks().slice(60, 64).map((b) => b.isbn);
const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;

type Kind = 'diary' | 'review' | 'loan' | 'purchase' | 'edu' | 'talk' | 'meeting' | 'checkin' | 'penalty';
interface Command {
  kind: Kind;
  /** The day it is recorded, and how many days earlier the member did it (loan, purchase, meeting, course). */
  on: number;
  earlier: number;
  hour: number;
  book: number;
}

const command: fc.Arbitrary<Command> = fc.record({
  kind: fc.constantFrom<Kind>('diary', 'review', 'loan', 'purchase', 'edu', 'talk', 'meeting', 'checkin', 'penalty'),
  on: fc.integer({ min: 1, max: 28 }),
  earlier: fc.integer({ min: 0, max: 27 }),
  hour: fc.integer({ min: 7, max: 22 }),
  book: fc.integer({ min: 0, max: ISBNS.length - 1 }),
});

interface Dated {
  date: string;
  key: number;
}

/** Sorted by date, newest first, then by key, newest first. */
function inDateOrder(rows: Dated[]): boolean {
  return rows.every((r, i) => {
    const prev = rows[i - 1];
    return !prev || prev.date > r.date || (prev.date === r.date && prev.key > r.key);
  });
}

async function list<T>(app: FastifyInstance, token: string, url: string, field: string): Promise<T[]> {
  const res = await call(app, token, 'GET', url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as Record<string, T[]>)[field] ?? [];
}

t.test('every member list is in activity-date order, whatever the order of recording (property)', async (t) => {
  const api = await testApi({ start: '2026-11-28T10:00:00+09:00', settings: { accessTtlS: 365 * 24 * 3600 } });
  t.teardown(api.close);
  const { app, clock } = api;
  const admin = (await login(app, 'admin01')).access_token;
  let memberId = 100;
  let serial = 0;

  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 14 }), async (commands) => {
      memberId += 1;
      if (memberId > 160) memberId = 101;
      clock.set('2026-11-28T10:00:00+09:00');
      const token = (await signIn(app.stores, app.settings, memberId, false)).access_token;
      const userNo = String((await app.db.prepare('SELECT user_no FROM members WHERE member_id = ?').get(memberId))?.['user_no']);
      const clubId = 1000 + serial;
      await app.db.prepare("INSERT INTO book_clubs (club_id, name, leader_id, capacity, city_code, schedule, description, created_at) VALUES (?, '시험 모임', ?, 10, '43111', '매주', '시험', '2026-11-01T00:00:00+09:00')").run(clubId, memberId);
      await app.db.prepare("INSERT INTO club_members (club_id, member_id, joined_at) VALUES (?, ?, '2026-11-01T00:00:00+09:00'), (?, 2, '2026-11-01T00:00:01+09:00')").run(clubId, memberId, clubId);
      const done = new Map<number, string>(); // activity_key → the date the member did it
      const earned: number[] = [];

      for (const c of commands) {
        serial += 1;
        const today = day(c.on);
        const did = day(Math.max(1, c.on - c.earlier));
        clock.set(`${today}T${String(c.hour).padStart(2, '0')}:${String(serial % 60).padStart(2, '0')}:00+09:00`);
        const isbn = ISBNS[c.book] ?? '';
        let res;
        let expected = today;
        switch (c.kind) {
          case 'diary':
            res = await call(app, token, 'POST', '/activity/bookdiary', { isbn, content: `${serial}번째 기록` });
            break;
          case 'review':
            res = await call(app, token, 'POST', '/activity/bookreview', { isbn, title: '서평', content: '읽'.repeat(220), rating: 4 });
            break;
          case 'loan':
            res = await call(app, token, 'POST', '/activity/authentication/loan', { loan_no: `L-${serial}`, isbn, library_code: '4311101', loan_date: did });
            expected = did;
            break;
          case 'purchase':
            res = await call(app, token, 'POST', '/activity/authentication/purchase', {
              bookstore_key: 3, receipt_no: `R-${serial}-${memberId}`, purchase_date: did, amount: 15000, book_title: '흰', book_format: 'paper',
            });
            expected = did;
            break;
          case 'edu':
            res = await call(app, token, 'POST', '/activity/authentication/edu', {
              edu_type: 'reading_hours', certificate_no: `RH-2026-${String(serial).padStart(6, '0')}`, course_name: '독서교실', completed_on: did,
            });
            expected = did;
            break;
          case 'talk': {
            const code = `P${serial}`;
            await app.db.prepare("INSERT INTO author_talks (title, author, venue, held_on, check_in_code) VALUES ('시험 강연', '작가', '도서관', ?, ?)").run(today, code);
            res = await call(app, token, 'POST', '/activity/authentication/authortalk', { check_in_code: code });
            break;
          }
          case 'meeting':
            res = await call(app, token, 'POST', `/bookclub/${clubId}/meetings`, { held_on: did, topic: '모임', attendees: [userNo] });
            expected = did;
            break;
          case 'checkin':
            res = await call(app, token, 'POST', '/challenge/checkin');
            if (res.statusCode === 409) res = await call(app, token, 'POST', '/challenge/start');
            break;
          case 'penalty': {
            const target = earned[c.book % Math.max(1, earned.length)];
            if (target !== undefined) await call(app, admin, 'POST', '/admin/penalty', { activity_key: target, reason: '시험 회수' });
            continue;
          }
        }
        if (res.statusCode !== 200) continue; // a duplicate day, a rule: nothing recorded
        const body = res.json() as { activity_key?: number; awarded?: { activity_key: number }[] };
        const keys = body.awarded ? body.awarded.map((a) => a.activity_key) : [body.activity_key ?? 0];
        for (const k of keys) {
          done.set(k, expected);
          earned.push(k);
        }
      }

      const acts = await list<{ activity_key: number; activity_date: string }>(app, token, '/activity/getbookactivityinfolist?size=100', 'activity_list');
      for (const a of acts) if (done.has(a.activity_key) && done.get(a.activity_key) !== a.activity_date) return false;
      const checks: Dated[][] = [
        acts.map((a) => ({ date: a.activity_date, key: a.activity_key })),
        (await list<{ entry_date: string; entry_key: number }>(app, token, '/user/point/list?size=100', 'point_list')).map((e) => ({ date: e.entry_date, key: e.entry_key })),
        (await list<{ activity_date: string; activity_key: number }>(app, token, '/activity/getbookdiaryinfolist?size=100', 'diary_list')).map((d) => ({ date: d.activity_date, key: d.activity_key })),
        (await list<{ activity_date: string; activity_key: number }>(app, token, '/activity/getbookreviewinfolist?size=100', 'review_list')).map((d) => ({ date: d.activity_date, key: d.activity_key })),
        (await list<{ reg_date: string; penalty_key: number }>(app, token, '/user/penalty/list?size=100', 'penalty_list')).map((p) => ({ date: p.reg_date, key: p.penalty_key })),
      ];
      for (const type of ['loan', 'purchase', 'authortalk', 'edu', 'bookclub']) {
        const rows = await list<{ activity_date: string; activity_key: number }>(app, token, `/activity/authentication/${type}?size=100`, 'activity_list');
        checks.push(rows.map((d) => ({ date: d.activity_date, key: d.activity_key })));
      }
      const history = await list<{ last_date: string }>(app, token, '/activity/getbookdiaryhistorylist?size=100', 'history_list');
      const lastDates = history.map((h) => h.last_date);
      return checks.every(inDateOrder) && lastDates.every((d, i) => i === 0 || (lastDates[i - 1] ?? '') >= d);
    }),
    { numRuns: 30 },
  );
  t.pass('30 random histories, every list in date order');
});

t.test('an October meeting sits below November check-ins; a loan sits at its loan date', async (t) => {
  const api = await testApi({ start: '2026-10-29T19:00:00+09:00', settings: { accessTtlS: 365 * 24 * 3600 } });
  t.teardown(api.close);
  const reader = (await login(api.app, 'reader01')).access_token;
  const meeting = await call(api.app, reader, 'POST', '/bookclub/1/meetings', { held_on: '2026-10-29', topic: '10월 모임', attendees: ['2026000001'] });
  t.equal(meeting.statusCode, 200, meeting.body);
  api.clock.set('2026-11-20T10:00:00+09:00');
  const loan = await call(api.app, reader, 'POST', '/activity/authentication/loan', { loan_no: 'L-ORDER-1', isbn: ISBNS[0], library_code: '4311101', loan_date: '2026-11-03' });
  t.equal(loan.statusCode, 200, loan.body);
  api.clock.set('2026-11-21T10:00:00+09:00');
  const missed = await call(api.app, reader, 'POST', '/challenge/checkin');
  t.equal(missed.statusCode, 409, 'the seeded run ended in October');
  t.equal((await call(api.app, reader, 'POST', '/challenge/start')).statusCode, 200);
  const acts = (await call(api.app, reader, 'GET', '/activity/getbookactivityinfolist?size=100')).json().activity_list as { activity_type: string; activity_date: string; activity_key: number }[];
  const dates = acts.map((a) => a.activity_date);
  t.same(dates, [...dates].sort().reverse(), 'newest activity first');
  const meetingRow = acts.findIndex((a) => a.activity_key === meeting.json().awarded[0].activity_key);
  const loanRow = acts.findIndex((a) => a.activity_key === loan.json().activity_key);
  t.equal(acts[loanRow]?.activity_date, '2026-11-03', 'a loan is dated by its loan date, not the day it was recorded');
  t.ok(acts.slice(0, meetingRow).some((a) => a.activity_type === 'checkin'), 'November check-ins above the October meeting');
  t.ok(acts.slice(0, loanRow).some((a) => a.activity_type === 'checkin' && a.activity_date > '2026-11-03'));
  const points = (await call(api.app, reader, 'GET', '/user/point/list?size=100')).json().point_list as { entry_date: string; activity_key: number | null }[];
  t.equal(points.find((p) => p.activity_key === loan.json().activity_key)?.entry_date, '2026-11-03', 'its points too');
});

t.test('point list: month, activity type and paging; lists by ISBN', async (t) => {
  const api = await testApi();
  t.teardown(api.close);
  const reader = (await login(api.app, 'reader01')).access_token;
  const get = async (q: string) => (await call(api.app, reader, 'GET', `/user/point/list?${q}`)).json();
  const all = await get('size=100');
  const months = new Set(all.point_list.map((e: { entry_date: string }) => e.entry_date.slice(0, 7)));
  t.ok(months.size >= 2, 'reader01 has points in more than one month');
  for (const month of months) {
    const r = await get(`month=${month}&size=100`);
    t.ok(r.total > 0 && r.point_list.every((e: { entry_date: string }) => e.entry_date.startsWith(String(month))), `month ${month}`);
  }
  const diaries = await get('activity_type=diary&size=100');
  t.ok(diaries.total > 0 && diaries.point_list.every((e: { activity_type: string }) => e.activity_type === 'diary'));
  const p1 = await get('activity_type=diary&size=2&page=1');
  const p2 = await get('activity_type=diary&size=2&page=2');
  t.equal(p1.total, diaries.total);
  t.same([...p1.point_list, ...p2.point_list].map((e: { entry_key: number }) => e.entry_key), diaries.point_list.slice(0, 4).map((e: { entry_key: number }) => e.entry_key), 'pages follow each other');
  const both = await get(`activity_type=diary&month=${[...months][0]}&size=100`);
  t.ok(both.point_list.every((e: { activity_type: string; entry_date: string }) => e.activity_type === 'diary' && e.entry_date.startsWith(String([...months][0]))), 'filters combine');
  t.equal((await call(api.app, reader, 'GET', '/user/point/list?activity_type=nope')).statusCode, 400);

  const book = curatedBooks()[0]?.isbn ?? '';
  for (const [path, field] of [['getbookdiaryinfolist', 'diary_list'], ['getbookreviewinfolist', 'review_list'], ['getbookactivityinfolist', 'activity_list']] as const) {
    const r = (await call(api.app, reader, 'GET', `/activity/${path}?isbn=${book}&size=100`)).json();
    t.ok(r.total > 0 && r[field].every((x: { isbn: string }) => x.isbn === book), `${path} by ISBN`);
    const other = (await call(api.app, reader, 'GET', `/activity/${path}?isbn=${curatedBooks()[150]?.isbn}`)).json();
    t.equal(other.total, 0, `${path}: another book has none`);
  }

  // The page and its count come from one statement (decision 0159): the count holds on every
  // page, past the end (where no row can say it) and for a filter that finds nothing.
  for (const [path, field] of [['/activity/getbookdiaryinfolist', 'diary_list'], ['/activity/getbookactivityinfolist', 'activity_list'], ['/user/point/list', 'point_list']] as const) {
    const all = (await call(api.app, reader, 'GET', `${path}?size=100`)).json();
    t.ok(all.total >= 3 && all.total === all[field].length, `${path}: the whole list (${all.total})`);
    const last = Math.ceil(all.total / 2);
    for (const page of [1, last, last + 1, last + 5]) {
      const r = (await call(api.app, reader, 'GET', `${path}?size=2&page=${page}`)).json();
      t.equal(r.total, all.total, `${path} page ${page}: the whole count`);
      t.equal(r[field].length, page < last ? 2 : page === last ? all.total - 2 * (last - 1) : 0, `${path} page ${page}: its rows`);
    }
  }
});
