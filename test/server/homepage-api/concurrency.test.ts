/**
 * Parallel writes for one member never pass a limit or a cap (decision 0102), nor store a
 * second review of a book (decision 0113): two API processes share one database file (as two
 * workers of a real deployment would) and take a burst of simultaneous writes for the same
 * member. Every write checks and records inside one BEGIN IMMEDIATE transaction, so the checks
 * see each other. The write rate is tested in no-repeats.test.ts.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, curatedBooks, post, runningFiguresHold, spawnApi, testApi, call, freshMember } from './helpers.ts';
import { openDatabase } from '#server/homepage-api/store/db.ts';

const CAP = 1300;

t.test('two processes, one member, a burst of writes: limits and caps hold', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'api-concurrency-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const env = { POINTS_MONTHLY_CAP: String(CAP), ACCESS_TOKEN_TTL_S: '3600', ACTIVITY_WRITES_PER_MINUTE: '1000' };
  const started = await Promise.allSettled([spawnApi(dir, env), spawnApi(dir, env)]);
  t.teardown(() => {
    for (const s of started) if (s.status === 'fulfilled' && s.value.child.exitCode === null) s.value.child.kill('SIGKILL');
  });
  const [a, b] = started.map((s) => {
    if (s.status === 'rejected') throw s.reason;
    return s.value;
  });
  if (!a || !b) throw new Error('two processes expected');
  const baseA = `${a.url}/api/v1/homepage`;
  const baseB = `${b.url}/api/v1/homepage`;
  const login = await post(`${baseA}/auth/login`, undefined, { user_id: 'reader02', user_pass: PASSWORD });
  const token = String(login.body['access_token']);
  t.equal((await post(`${baseB}/user/info`, token, { agree_yn: 'Y' })).status, 200, 'a token from A works on B');

  const isbn = curatedBooks()[5]?.isbn ?? '';
  const content = '함께 쓰는 서평 '.repeat(30);
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  const requests: Promise<{ status: number; body: Record<string, unknown> }>[] = [];
  for (let i = 0; i < 10; i++) {
    const base = i % 2 ? baseA : baseB;
    requests.push(post(`${base}/activity/bookreview`, token, { isbn, title: `서평 ${i}`, content, rating: 4 }));
    requests.push(post(`${base}/activity/bookdiary`, token, { isbn, content: `일지 ${i}` }));
    requests.push(post(`${base}/activity/authentication/loan`, token, { loan_no: `PAR-${i}`, isbn, library_code: '4311101', loan_date: today }));
  }
  requests.push(post(`${baseA}/challenge/start`, token), post(`${baseB}/challenge/start`, token));
  const results = await Promise.all(requests);
  t.ok(results.every((r) => r.status < 500), 'no 500 under contention');
  t.equal(results.filter((r) => r.status === 200).length, 22, 'all writes recorded except nine reviews of the same book and the second challenge start');
  t.equal(results.filter((r) => r.status === 409).length, 10, 'one review of the book; one of the two simultaneous challenge starts');

  for (const p of [a, b]) p.child.kill('SIGTERM');
  await Promise.all([a.exited, b.exited]);
  const db = await openDatabase(join(dir, 'homepage.db'));
  try {
    const earned = Number((await db.prepare("SELECT sum(points) AS s FROM point_ledger WHERE member_id = 2 AND entry_type = 'earn'").get())?.['s']);
    t.ok(earned <= CAP, `earned ${earned} ≤ monthly cap ${CAP}`);
    const byType = Object.fromEntries(
      (await db.prepare('SELECT activity_type, count(*) AS n FROM activities WHERE member_id = 2 AND points > 0 GROUP BY activity_type').all()).map((r) => [r['activity_type'], Number(r['n'])]),
    );
    t.equal(byType['review'], 1, 'one review of the book, earning');
    t.equal(Number((await db.prepare('SELECT count(*) AS n FROM reviews WHERE member_id = 2').get())?.['n']), 1, 'one review stored');
    t.ok((byType['loan'] ?? 0) <= 2, `loans earning: ${byType['loan'] ?? 0} ≤ 2`);
    t.ok((byType['diary'] ?? 0) <= 1, `diaries earning today: ${byType['diary'] ?? 0} ≤ 1`);
    t.equal(Number((await db.prepare("SELECT count(*) AS n FROM challenges WHERE member_id = 2 AND status = 'active'").get())?.['n']), 1);
    t.equal(Number((await db.prepare('SELECT count(*) AS n FROM members').get())?.['n']), 66, 'two processes seeding at once: seeded once');
    t.equal(Number((await db.prepare("SELECT count(*) AS n FROM seed_marks WHERE mark = 'programme-v1'").get())?.['n']), 1);
    await runningFiguresHold(t, db);
  } finally {
    await db.close();
  }
});

t.test('in one process: simultaneous requests for one member', async (t) => {
  const api = await testApi({ settings: { rules: { monthlyCap: 900, writesPerMinute: 100 } } });
  t.teardown(api.close);
  const token = await freshMember(api.app);
  const isbns = curatedBooks().slice(6, 18).map((b) => b.isbn);
  const results = await Promise.all(
    isbns.map((isbn, i) => call(api.app, token, 'POST', '/activity/bookreview', { isbn, title: `서평 ${i}`, content: '가'.repeat(220), rating: 3 })),
  );
  t.ok(results.every((r) => r.statusCode === 200));
  const points = results.map((r) => r.json().points as number).sort((x, y) => y - x);
  t.same(points.slice(0, 2), [500, 0], 'only one review fits under 900');
  t.equal(points.reduce((s, p) => s + p, 0), 500);
  await runningFiguresHold(t, api.app.db);
});
