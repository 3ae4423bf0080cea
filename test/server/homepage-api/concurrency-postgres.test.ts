/**
 * The programme's rules hold across instances on PostgreSQL (decision 0109): two API
 * processes share one database (both seeding it at start) and each takes 30 identical
 * requests at once for every earning path. The database enforces it — the member's row lock,
 * unique constraints — so: no 5xx, one award where one is allowed, monthly limits and the
 * caps hold, one ledger row per activity, each balance equals the sum of its ledger, and so do
 * the running figures (decision 0146).
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, curatedBooks, post, runningFiguresHold, spawnApi } from './helpers.ts';
import { testCluster } from './store/helpers.ts';
import { openDatabase } from '#server/homepage-api/store/db.ts';

const CAP = 4000;
const EACH = 30;

t.test('two instances × 30 identical requests per earning path: no double award, caps hold, balance = ledger', async (t) => {
  const pg = await testCluster();
  const url = await pg.createDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'api-pg-concurrency-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const env = { DATABASE_URL: url, POINTS_MONTHLY_CAP: String(CAP), ACCESS_TOKEN_TTL_S: '3600', DATABASE_POOL_MAX: '20', ACTIVITY_WRITES_PER_MINUTE: '1000' };
  const started = await Promise.allSettled([spawnApi(dir, env, 60_000), spawnApi(dir, env, 60_000)]);
  t.teardown(() => {
    for (const s of started) if (s.status === 'fulfilled' && s.value.child.exitCode === null) s.value.child.kill('SIGKILL');
  });
  const [a, b] = started.map((s) => {
    if (s.status === 'rejected') throw s.reason;
    return s.value;
  });
  if (!a || !b) throw new Error('two processes expected');
  const bases = [a, b].map((p) => `${p.url}/api/v1/homepage`);
  const [baseA = '', baseB = ''] = bases;
  const token = async (userId: string) => String((await post(`${baseA}/auth/login`, undefined, { user_id: userId, user_pass: PASSWORD })).body['access_token']);
  const reader02 = await token('reader02');
  const reader01 = await token('reader01');
  t.equal((await post(`${baseB}/user/info`, reader02, { agree_yn: 'Y' })).status, 200, 'a token from A works on B');

  /** The same request 30 times on each instance, all at once; the statuses counted. */
  const burst = async (path: string, who: string, body?: unknown) => {
    const all = await Promise.all(bases.flatMap((base) => Array.from({ length: EACH }, () => post(`${base}${path}`, who, body))));
    const statuses: Record<number, number> = {};
    for (const r of all) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return { statuses, all };
  };
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  const isbn = curatedBooks()[5]?.isbn ?? '';

  const once = async (label: string, path: string, who: string, body?: unknown) => {
    const { statuses } = await burst(path, who, body);
    t.same(statuses, { 200: 1, 409: 2 * EACH - 1 }, `${label}: one recorded, the rest refused as duplicates`);
  };
  // The same diary (book, day, text) once, one review per book (decision 0113): one each is recorded.
  await once('diary', '/activity/bookdiary', reader02, { isbn, content: '같은 일지' });
  await once('review', '/activity/bookreview', reader02, { isbn, title: '같은 서평', content: '함께 쓰는 서평 '.repeat(30), rating: 4 });
  const diaries = await burst('/activity/bookdiary', reader02, { isbn, content: '다른 일지' });
  t.same(diaries.statuses, { 200: 1, 409: 2 * EACH - 1 }, 'another diary: recorded once');
  t.equal(diaries.all.filter((r) => Number(r.body['points']) > 0).length, 0, 'the second diary of the day earns nothing');
  // From here the monthly cap (CAP) binds: later earnings are recorded with 0 points.
  await once('club join', '/bookclub/1/join', reader02);
  await once('loan', '/activity/authentication/loan', reader02, { loan_no: 'PG-LOAN-1', isbn, library_code: '4311101', loan_date: today });
  await once('purchase', '/activity/authentication/purchase', reader02, {
    bookstore_key: 1, receipt_no: 'PG-R-1', purchase_date: today, amount: 15000, book_title: '소년이 온다', book_format: 'paper',
  });
  await once('author talk', '/activity/authentication/authortalk', reader02, { check_in_code: 'TALK2026' });
  await once('education', '/activity/authentication/edu', reader02, {
    edu_type: 'lifelong', certificate_no: 'LE-2026-000777', course_name: '인문학 독서 과정', completed_on: today,
  });
  await once('challenge start', '/challenge/start', reader02);
  const checkin = await burst('/challenge/checkin', reader02);
  t.same(checkin.statuses, { 409: 2 * EACH }, 'challenge check-in: already checked in today (the start did)');
  await once('club meeting', '/bookclub/1/meetings', reader01, { held_on: today, topic: '동시 기록 시험', attendees: ['2026000001', '2026000002'] });


  const balances = new Map<number, number>();
  for (const [memberId, who] of [[1, reader01], [2, reader02]] as const) {
    const res = await fetch(`${baseB}/user/point`, { headers: { authorization: `Bearer ${who}` } });
    const body = (await res.json()) as { point?: { balance?: unknown } };
    balances.set(memberId, Number(body.point?.balance));
  }
  for (const p of [a, b]) p.child.kill('SIGTERM');
  await Promise.all([a.exited, b.exited]);

  const db = await openDatabase({ file: ':memory:', url });
  t.teardown(() => db.close());
  const month = today.slice(0, 7);
  const rows = (sql: string, ...p: (string | number)[]) => db.prepare(sql).all(...p);
  t.same(await rows(`SELECT member_id, sum(points) AS s FROM point_ledger WHERE entry_type = 'earn' AND month = ?
    GROUP BY member_id HAVING sum(points) > ?`, month, CAP), [], 'no member above the monthly cap');
  t.same(await rows(`SELECT member_id, sum(points) AS s FROM point_ledger WHERE entry_type = 'earn' AND year = ?
    GROUP BY member_id HAVING sum(points) > 60000`, today.slice(0, 4)), [], 'no member above the yearly cap');
  t.same(await rows(`SELECT activity_id FROM point_ledger WHERE entry_type = 'earn' GROUP BY activity_id HAVING count(*) > 1`), [], 'one earning row per activity');
  t.same(await rows(`SELECT a.activity_id FROM activities a LEFT JOIN point_ledger l ON l.activity_id = a.activity_id AND l.entry_type = 'earn'
    WHERE l.entry_id IS NULL`), [], 'every activity has its earning row');
  t.same(await rows(`SELECT member_id, activity_type, count(*) AS n FROM activities WHERE month = ? AND points > 0
    AND activity_type IN ('review', 'loan', 'purchase', 'edu') GROUP BY member_id, activity_type
    HAVING count(*) > CASE activity_type WHEN 'review' THEN 3 WHEN 'loan' THEN 2 WHEN 'purchase' THEN 1 ELSE 1000 END`, month), [], 'monthly limits per activity hold');
  t.same(await rows("SELECT member_id FROM challenges WHERE status = 'active' GROUP BY member_id HAVING count(*) > 1"), [], 'one challenge under way');
  t.equal((await rows('SELECT meeting_id FROM club_meetings WHERE club_id = 1 AND held_on = ?', today)).length, 1, 'one meeting');
  t.equal((await rows('SELECT activity_id FROM club_attendance a JOIN club_meetings m USING (meeting_id) WHERE m.club_id = 1 AND m.held_on = ?', today)).length, 2, 'two attendances');
  t.equal((await rows("SELECT mark FROM seed_marks WHERE mark = 'programme-v1'")).length, 1, 'two instances seeding at once: seeded once');
  t.equal((await rows('SELECT member_id FROM members')).length, 66, 'members seeded once');
  for (const [memberId, balance] of balances) {
    const sum = Number((await db.prepare('SELECT coalesce(sum(points), 0) AS n FROM point_ledger WHERE member_id = ?').get(memberId))?.['n']);
    t.equal(balance, sum, `member ${memberId}: balance ${balance} = the sum of the ledger`);
  }
  await runningFiguresHold(t, db);
});
