/**
 * Running the reference API on PostgreSQL (docs/operations.md, decision 0109):
 * moving a SQLite file in (idempotent, refusing to overwrite), a pg_dump restored into a
 * fresh database, a reminder sent once by two instances, and the faults: the server down at
 * start (exit 1, DATABASE_URL named without its password), lost while running (503 with
 * Retry-After, /readyz 503, no hang) and back (served again without a restart).
 */
import t from 'tap';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHomepageApi } from '#server/homepage-api/app.ts';
import { openDatabase } from '#server/homepage-api/store/db.ts';
import { createStores } from '#server/homepage-api/store/index.ts';
import { seed } from '#server/homepage-api/seed/index.ts';
import { resolveSettings } from '#server/homepage-api/settings.ts';
import type { PushSender } from '#server/homepage-api/push/sender.ts';
import { freePort } from '#test/fixtures/ports.ts';
import { P, call, freshMember, login, runningFiguresHold } from './helpers.ts';
import { SEED_NOW, testCluster } from './store/helpers.ts';

const settings = { clock: () => Date.parse(SEED_NOW), random: () => 0.5 };

function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

t.test('npm run db:to-postgres moves a SQLite file once, and refuses to overwrite other rows', async (t) => {
  const pg = await testCluster();
  const dir = mkdtempSync(join(tmpdir(), 'move-pg-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'homepage.db');
  const lite = await openDatabase(file);
  await seed(lite, resolveSettings(settings));
  const stores = createStores(lite);
  const balance = await stores.points.balance(1);
  const entries = await stores.points.entries({ memberId: 1, entryType: null, from: null, to: null }, { limit: 100, offset: 0 });
  const search = await stores.books.search('한강', 'all', 5, 0);
  await lite.close();

  const url = await pg.createDatabase();
  const first = await runScript('scripts/sqlite-to-postgres.ts', { DATABASE_URL: url, SQLITE_FILE: file });
  t.equal(first.code, 0, first.out);
  t.match(first.out, /moved \d+ rows of 39 tables/);
  const db = await openDatabase({ file: ':memory:', url });
  const moved = createStores(db);
  t.equal(await moved.points.balance(1), balance, 'reader01\'s balance moved');
  await runningFiguresHold(t, db);
  t.same(await moved.points.entries({ memberId: 1, entryType: null, from: null, to: null }, { limit: 100, offset: 0 }), entries, 'the ledger as the member lists it');
  t.same((await moved.books.search('한강', 'all', 5, 0)).books.map((b) => b.isbn), search.books.map((b) => b.isbn), 'the search finds the same books');
  const at = Date.parse(SEED_NOW);
  const id = await moved.activities.add({ memberId: 2, type: 'diary', isbn: null, points: 0, reason: 'awarded', day: '2026-11-21', at });
  t.ok(id > 0, 'new rows take keys after the moved ones');
  await db.close();

  const again = await runScript('scripts/sqlite-to-postgres.ts', { DATABASE_URL: url, SQLITE_FILE: file });
  t.equal(again.code, 2, 'a database that has moved on is not overwritten');
  t.match(again.out, /refusing.*activities/);

  const other = await pg.createDatabase();
  t.equal((await runScript('scripts/sqlite-to-postgres.ts', { DATABASE_URL: other, SQLITE_FILE: file })).code, 0);
  const twice = await runScript('scripts/sqlite-to-postgres.ts', { DATABASE_URL: other, SQLITE_FILE: file });
  t.equal(twice.code, 0, 'running it again is harmless');
  t.match(twice.out, /already moved/);
});

t.test('a pg_dump restored into a fresh database reads the same balance', async (t) => {
  const pg = await testCluster();
  const url = await pg.createDatabase();
  const db = await openDatabase({ file: ':memory:', url });
  await seed(db, resolveSettings(settings));
  const balance = await createStores(db).points.balance(1);
  await db.close();
  const dir = mkdtempSync(join(tmpdir(), 'dump-pg-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const dump = join(dir, 'homepage.dump');
  execFileSync(pg.bin('pg_dump'), ['--format=custom', '--no-owner', `--file=${dump}`, url]);
  const fresh = await pg.createDatabase();
  execFileSync(pg.bin('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${fresh}`, dump]);
  const restored = await openDatabase({ file: ':memory:', url: fresh });
  t.teardown(() => restored.close());
  t.ok(balance > 0);
  t.equal(await createStores(restored).points.balance(1), balance, 'reader01\'s balance after the restore');
});

t.test('a reminder due at an hour is sent once by two instances', async (t) => {
  const pg = await testCluster();
  const url = await pg.createDatabase();
  const sent: string[] = [];
  const sender: PushSender = async (target) => {
    sent.push(target.endpoint);
    await new Promise((r) => setTimeout(r, 50));
    return { ok: true, status: 201 };
  };
  const clock = { now: Date.parse('2026-11-21T19:00:00+09:00') };
  const make = () => buildHomepageApi({
    dbFile: ':memory:', databaseUrl: url,
    settings: { clock: () => clock.now, random: () => 0.5, push: { sender, serviceHosts: ['fcm.googleapis.com'] } },
  });
  const a = await make();
  const b = await make();
  t.teardown(async () => {
    await a.close();
    await b.close();
  });
  const { stores } = a;
  const c = await stores.challenges.start(2, '2026-11-20');
  await stores.challenges.save({ ...c, lastCheckinDay: '2026-11-20', streak: 1 });
  await stores.push.saveState(2, { permission: 'granted', reminderHour: 20, remind: { challenge: 'Y', points_expiring: 'Y', club_meeting: 'Y' } }, clock.now);
  await stores.push.subscribe(2, { endpoint: 'https://fcm.googleapis.com/fcm/send/two', p256dh: 'p', auth: 'a' }, clock.now);
  clock.now = Date.parse('2026-11-21T20:00:00+09:00');
  const reports = await Promise.all([a.reminders.run('challenge'), b.reminders.run('challenge'), a.reminders.run('challenge')]);
  t.same(sent, ['https://fcm.googleapis.com/fcm/send/two'], 'sent once');
  t.equal(reports.reduce((n, r) => n + r.sent, 0), 1);
  t.ok(reports.some((r) => r.elsewhere === true), 'an instance that found the lock taken stood aside');
  t.same((await a.db.prepare("SELECT member_id, outcome FROM push_sends WHERE kind = 'challenge'").all()).map((r) => ({ ...r })), [{ member_id: 2, outcome: 'sent' }], 'the send log');
  t.match(await b.reminders.run('challenge'), { sent: 0 }, 'run again: nothing more');
});

t.test('PostgreSQL down at start: exit 1 naming DATABASE_URL without its password', async (t) => {
  const port = await freePort();
  const r = await runScript('server/homepage-api/main.ts', {
    DATABASE_URL: `postgres://portal:s3cret-pw@127.0.0.1:${port}/homepage`, HOMEPAGE_API_PORT: '0', LOG_LEVEL: 'error',
  });
  t.equal(r.code, 1);
  t.match(r.out, /DATABASE_URL postgres:\/\/portal:\*\*\*@127\.0\.0\.1:\d+\/homepage/);
  t.notMatch(r.out, /s3cret-pw/, 'the password is not printed');
});

// Last: it stops the cluster's server and starts it again.
t.test('PostgreSQL lost while running: 503 with Retry-After, /readyz 503, then served again without a restart', async (t) => {
  const pg = await testCluster();
  const app = await buildHomepageApi({ dbFile: ':memory:', databaseUrl: await pg.createDatabase(), settings });
  t.teardown(() => app.close());
  const token = await freshMember(app);
  const point = () => call(app, token, 'GET', '/user/point');
  t.equal((await point()).statusCode, 200);
  t.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);

  pg.stopServer('fast');
  const started = Date.now();
  const down = await point();
  t.equal(down.statusCode, 503, down.body);
  t.equal(down.headers['retry-after'], '5');
  t.match(down.json(), { result: 'error', msg: String });
  const ready = await app.inject({ method: 'GET', url: '/readyz' });
  t.equal(ready.statusCode, 503);
  t.equal(ready.headers['retry-after'], '5');
  const login503 = await app.inject({ method: 'POST', url: `${P}/auth/login`, payload: { user_id: 'reader01', user_pass: 'x' } });
  t.equal(login503.statusCode, 503, 'sign-in too');
  t.ok(Date.now() - started < 10_000, `answered in ${Date.now() - started} ms: no hang`);

  pg.startServer();
  t.equal((await point()).statusCode, 200, 'served again, same process');
  t.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
  t.ok((await login(app, 'reader01')).access_token);
});
