/** The activity store: activity rows, their details, the member's lists and the ranking. */
import { curatedBooks } from '#server/homepage-api/seed/books.ts';
import type { ActivityType } from '#shared/contract/points.ts';
import { QUIET_MEMBER, dialectTest, type StoreDb } from './helpers.ts';

const m = QUIET_MEMBER;
const books = curatedBooks();
const A = books[100]?.isbn ?? '';
const B = books[101]?.isbn ?? '';

async function add(s: StoreDb, type: ActivityType, day: string, points = 50, isbn: string | null = null): Promise<number> {
  return await s.stores.activities.add({ memberId: m, type, isbn, points, reason: points > 0 ? 'awarded' : 'activity_limit', day, at: Date.parse(`${day}T12:00:00+09:00`) });
}

dialectTest('counts the rules need', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  const a = s.stores.activities;
  t.equal(await a.countOfType(m, 'diary'), 0);
  await add(s, 'diary', '2026-11-01');
  await add(s, 'diary', '2026-11-01', 0);
  await add(s, 'diary', '2026-10-31');
  t.equal(await a.countOfType(m, 'diary'), 3);
  t.equal(await a.countOnDay(m, 'diary', '2026-11-01'), 2);
  t.equal(await a.countInMonth(m, 'diary', '2026-11'), 2);
  t.equal(await a.earnedCountInMonth(m, 'diary', '2026-11'), 1, 'only those that earned');
  t.equal(await a.countOfType(m, 'review'), 0);
});

dialectTest('an activity by id, revoked', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  const id = await add(s, 'review', '2026-11-02', 500, A);
  t.same(await s.stores.activities.byId(id), { activityId: id, memberId: m, type: 'review', points: 500, status: 'recorded' });
  await s.stores.activities.revoke(id);
  t.equal((await s.stores.activities.byId(id))?.status, 'revoked');
  t.equal(await s.stores.activities.byId(999_999), undefined);
});

dialectTest('details and the lists: diaries, history, reviews, all activities', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  const a = s.stores.activities;
  const d1 = await add(s, 'diary', '2026-11-01', 200, A);
  await a.addDiary(d1, { memberId: m, isbn: A, content: '첫 일지', readPages: 20, writtenOn: '2026-11-01' });
  const d2 = await add(s, 'diary', '2026-11-03', 50, A);
  await a.addDiary(d2, { memberId: m, isbn: A, content: '둘째 일지', readPages: null, writtenOn: '2026-11-03' });
  const d3 = await add(s, 'diary', '2026-11-04', 50, B);
  await a.addDiary(d3, { memberId: m, isbn: B, content: '다른 책', readPages: 5, writtenOn: '2026-11-04' });
  const r = await add(s, 'review', '2026-11-05', 500, A);
  await a.addReview(r, { memberId: m, isbn: A, title: '좋은 책', content: '서평 본문', rating: 5 });
  const l = await add(s, 'loan', '2026-11-06', 1000, B);
  await a.addLoan(l, { memberId: m, loanNo: 'L-1', isbn: B, libraryCode: '4311101', libraryName: '청주시립도서관', loanDate: '2026-11-06' });
  t.ok(await a.loanExists(m, 'L-1'));
  t.notOk(await a.loanExists(m, 'L-2'));
  const page = { limit: 20, offset: 0 };
  const all = { memberId: m, from: null, to: null };

  const diaries = await a.diaries(all, page);
  t.equal(diaries.total, 3);
  t.match(diaries.rows[0], { activity_key: d3, isbn: B, content: '다른 책', read_pages: 5, book_title: books[101]?.title });
  t.equal((await a.diaries({ ...all, isbn: A }, page)).total, 2, 'one book');
  t.equal((await a.diaries({ ...all, from: '2026-11-03', to: '2026-11-03' }, page)).total, 1, 'a period');

  const history = await a.diaryHistory(all, page);
  t.equal(history.total, 2);
  t.match(history.rows.find((h) => h.isbn === A), { diary_count: 2, total_pages: 20, first_date: '2026-11-01', last_date: '2026-11-03' });

  t.match(await a.reviews(all, page), { total: 1, rows: [{ activity_key: r, title: '좋은 책', rating: 5, points: 500, point_reason: 'awarded', mod_date: null }] });

  const list = await a.list(all, page, 21);
  t.equal(list.total, 5);
  t.match(list.rows.find((x) => x.activity_key === l), { activity_type: 'loan', activity_name: '도서 대출', detail: '청주시립도서관' });
  t.match(list.rows.find((x) => x.activity_key === d1), { detail: '첫 일지', book_title: books[100]?.title });
  t.equal((await a.list({ ...all, type: 'diary' }, page, 21)).total, 3);

  const counts = await a.monthCounts(m, '2026-11');
  t.same(counts.get('diary'), { count: 3, earned: 3, points: 300 });
  t.same(counts.get('loan'), { count: 1, earned: 1, points: 1000 });
});

dialectTest('no repeated diary, one review per book, editing it, the write log (migration 0008)', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  const a = s.stores.activities;
  const diary = { memberId: m, isbn: A, content: '같은 일지', readPages: null, writtenOn: '2026-11-01' };
  t.ok(await a.addDiary(await add(s, 'diary', '2026-11-01', 200, A), diary));
  t.notOk(await a.addDiary(await add(s, 'diary', '2026-11-01', 0, A), { ...diary, readPages: 30 }), 'the same book, day and text: not inserted');
  t.ok(await a.addDiary(await add(s, 'diary', '2026-11-01', 0, A), { ...diary, content: '다른 일지' }), 'another text');
  t.ok(await a.addDiary(await add(s, 'diary', '2026-11-02', 50, A), { ...diary, writtenOn: '2026-11-02' }), 'another day');
  t.ok(await a.addDiary(await add(s, 'diary', '2026-11-01', 0, B), { ...diary, isbn: B }), 'another book');
  t.ok(await a.addDiary(await add(s, 'diary', '2026-11-01', 0, A), { ...diary, memberId: 1 }), 'another member');

  const review = { memberId: m, isbn: A, title: '서평', content: '본문', rating: 4 };
  const r = await add(s, 'review', '2026-11-03', 500, A);
  t.equal(await a.reviewOfBook(m, A), undefined);
  t.ok(await a.addReview(r, review));
  t.equal(await a.reviewOfBook(m, A), r);
  t.notOk(await a.addReview(await add(s, 'review', '2026-11-04', 0, A), { ...review, title: '다른 서평' }), 'a second review of the book: not inserted');
  t.ok(await a.addReview(await add(s, 'review', '2026-11-04', 500, B), { ...review, isbn: B }), 'another book');
  t.ok(await a.updateReview(m, r, { title: '고친 서평', content: '고친 본문', rating: 5 }, Date.parse('2026-11-05T08:00:00+09:00')));
  t.match(await a.ownReview(m, r), { activity_key: r, isbn: A, title: '고친 서평', content: '고친 본문', rating: 5, points: 500, activity_date: '2026-11-03', mod_date: '2026-11-05T08:00:00+09:00' });
  t.notOk(await a.updateReview(1, r, { title: 'x', content: 'y', rating: 1 }, 0), 'not another member’s');
  t.equal(await a.ownReview(1, r), undefined);
  t.notOk(await a.updateReview(m, 999_999, { title: 'x', content: 'y', rating: 1 }, 0), 'not one that does not exist');

  t.same(await a.writesSince(m, 0, 100_000), { count: 0, oldest: null });
  for (const at of [1_000, 30_000, 61_000, 90_000]) await a.logWrite(m, at);
  await a.logWrite(1, 50_000);
  t.same(await a.writesSince(m, 0, 100_000), { count: 4, oldest: 1_000 });
  t.same(await a.writesSince(m, 1_000, 61_000), { count: 2, oldest: 30_000 }, 'older writes are forgotten, and later ones (a clock set back)');
  t.equal((await s.db.prepare('SELECT count(*) AS n FROM member_writes').get())?.['n'], 3, 'pruned, and only the member’s');
});

dialectTest('purchases, author talks, education certificates', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  const a = s.stores.activities;
  const p = await add(s, 'purchase', '2026-11-05', 2000);
  await a.addPurchase(p, { bookstoreId: 4, receiptNo: 'R-77', purchaseDate: '2026-11-05', amount: 12000, bookTitle: '흰' });
  t.ok(await a.receiptExists(4, 'R-77'));
  t.notOk(await a.receiptExists(5, 'R-77'), 'a receipt number belongs to its bookstore');
  const talk = await a.talkByCode('TALK2026');
  t.match(talk, { eventId: Number, heldOn: '2026-11-21' });
  t.equal(await a.talkByCode('talk2026'), undefined, 'codes are stored upper case');
  const c = await add(s, 'authortalk', '2026-11-21', 1000);
  await a.addTalkCheckin(c, m, talk?.eventId ?? 0);
  t.ok(await a.talkCheckedIn(m, talk?.eventId ?? 0));
  t.match(await a.eduTypes(), [{ edu_type: 'lifelong' }, { edu_type: 'reading_guide' }, { edu_type: 'reading_hours' }]);
  t.match(await a.eduType('lifelong'), { pattern: String, example: 'LE-2026-000123' });
  t.equal(await a.eduType('nope'), undefined);
  const e = await add(s, 'edu', '2026-11-07', 500);
  await a.addEdu(e, { eduType: 'lifelong', certificateNo: 'LE-2026-000001', courseName: '인문학 강좌', completedOn: '2026-10-01' });
  t.ok(await a.certificateExists('LE-2026-000001'));
  const details = (await a.list({ memberId: m, from: null, to: null }, { limit: 10, offset: 0 }, 21)).rows.map((x) => x.detail);
  t.ok(details.some((d) => d.endsWith('· 흰')), 'purchase detail names the bookstore and the book');
  t.ok(details.includes('인문학 강좌'));
});

dialectTest('the monthly ranking: points earned less clawed back, ties share a rank', async (t, storeDb) => {
  const s = await storeDb({ seed: false });
  t.teardown(s.close);
  await s.db.exec(`INSERT INTO members (member_id, user_id, user_no, user_key, user_name, password_hash, birth_year, valid_until, created_at, updated_at, city_code)
    VALUES (11, 'aaa', 'n11', 'k11', '가나다', '!', 1990, '2030-12-31', 'x', 'x', '43130'),
           (12, 'bbb', 'n12', 'k12', '라마바', '!', 1990, '2030-12-31', 'x', 'x', NULL),
           (13, 'ccc', 'n13', 'k13', '사아자', '!', 1990, '2030-12-31', 'x', 'x', NULL)`);
  const earn = async (memberId: number, points: number) => {
    const id = await s.stores.activities.add({ memberId, type: 'review', isbn: null, points, reason: 'awarded', day: '2026-11-02', at: 0 });
    await s.stores.points.add({ memberId, entryType: 'earn', activityId: id, points, reason: 'awarded', day: '2026-11-02', at: 0 });
    return id;
  };
  await earn(11, 500);
  await earn(12, 500);
  const c = await earn(13, 1000);
  await s.stores.points.add({ memberId: 13, entryType: 'penalty', activityId: c, points: -1000, reason: '회수', day: '2026-11-03', at: 0 });
  const r = await s.stores.activities.ranking('2026-11', { limit: 10, offset: 0 });
  t.equal(r.total, 2, 'a member back at zero is not ranked');
  t.match(r.rows, [{ memberId: 11, rank: 1, points: 500, cityCode: '43130', activityCount: 1 }, { memberId: 12, rank: 1 }]);
  const placeOf = async (memberId: number) => (await s.stores.activities.ranking('2026-11', { limit: 0, offset: 0 }, memberId)).mine;
  t.match(await placeOf(12), { rank: 1, userName: '라마바' });
  t.equal(await placeOf(13), undefined);
});

// The ranking as it was computed before decision 0155: from the month's whole ledger. The seeded
// database (this month's and last month's reading of the generated members) and a penalty
// must rank the same from the running figures.
const LEDGER_RANKING = `WITH totals AS (
    SELECT l.member_id, sum(l.points) AS pts, count(DISTINCT l.activity_id) FILTER (WHERE l.entry_type = 'earn') AS cnt
      FROM point_ledger l JOIN members m ON m.member_id = l.member_id
     WHERE l.month = :month AND l.entry_type IN ('earn', 'penalty') AND m.status = 'active'
     GROUP BY l.member_id HAVING sum(l.points) > 0)
  SELECT member_id, pts, cnt, rank() OVER (ORDER BY pts DESC) AS rnk FROM totals ORDER BY pts DESC, cnt DESC, member_id`;

dialectTest('the ranking from the running figures is the ledger’s, month by month (decision 0155)', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  const months = (await s.db.prepare("SELECT DISTINCT month FROM point_ledger WHERE entry_type = 'earn' ORDER BY month").all()).map((r) => String(r['month']));
  t.ok(months.length >= 2, `the seed earns in several months (${months.join(', ')})`);
  // A clawback in the latest month: its member's points fall, the activity stays counted.
  const month = months.at(-1) ?? '';
  const [top] = (await s.stores.activities.ranking(month, { limit: 1, offset: 0 })).rows;
  if (!top) throw new Error('no one ranked in the seeded month');
  await s.stores.points.add({ memberId: top.memberId, entryType: 'penalty', activityId: null, points: -1, reason: '회수', day: `${month}-02`, at: 0 });
  for (const m of months) {
    const expected = (await s.db.prepare(LEDGER_RANKING).all({ month: m })).map((r) => ({
      memberId: Number(r['member_id']), points: Number(r['pts']), activityCount: Number(r['cnt']), rank: Number(r['rnk']),
    }));
    const got = await s.stores.activities.ranking(m, { limit: 1000, offset: 0 });
    t.equal(got.total, expected.length, `${m}: as many ranked`);
    t.same(await s.stores.activities.ranking(m, { limit: 10, offset: 10_000 }), { rows: [], total: expected.length }, `${m}: a page past the end still says how many`);
    t.same(got.rows.map((r) => ({ memberId: r.memberId, points: r.points, activityCount: r.activityCount, rank: r.rank })), expected, `${m}: the same order, points, activities and ranks`);
    const last = expected.at(-1);
    if (last) t.match((await s.stores.activities.ranking(m, { limit: 0, offset: 0 }, last.memberId)).mine, { rank: last.rank, points: last.points }, `${m}: a member's own place`);
  }
  t.same(await s.stores.points.runningMismatches(), []);
});
