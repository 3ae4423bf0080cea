/** The point store: the ledger, its sums and running figures, the member's list, penalties and spending. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#server/homepage-api/store/db.ts';
import { createStores } from '#server/homepage-api/store/index.ts';
import { seed } from '#server/homepage-api/seed/index.ts';
import { resolveSettings } from '#server/homepage-api/settings.ts';
import { QUIET_MEMBER, SEED_NOW, dialectTest, pgDatabaseUrl, type StoreDb } from './helpers.ts';

const m = QUIET_MEMBER;
const at = (day: string) => Date.parse(`${day}T12:00:00+09:00`);

dialectTest('ledger sums: balance, earned this month and year, per entry type', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const p = stores.points;
  t.equal(await p.balance(m), 0);
  await p.add({ memberId: m, entryType: 'earn', activityId: null, points: 500, reason: 'awarded', day: '2025-12-20', at: at('2025-12-20') });
  await p.add({ memberId: m, entryType: 'earn', activityId: null, points: 1000, reason: 'awarded', day: '2026-11-02', at: at('2026-11-02') });
  await p.add({ memberId: m, entryType: 'earn', activityId: null, points: 50, reason: 'awarded', day: '2026-10-30', at: at('2026-10-30') });
  await p.add({ memberId: m, entryType: 'penalty', activityId: null, points: -50, reason: '회수', day: '2026-11-03', at: at('2026-11-03') });
  await p.add({ memberId: m, entryType: 'spend', activityId: null, points: -300, reason: '구매', day: '2026-11-04', at: at('2026-11-04') });
  t.equal(await p.balance(m), 1200);
  t.equal(await p.earnedInMonth(m, '2026-11'), 1000, 'caps count earn rows only');
  t.equal(await p.earnedInYear(m, '2026'), 1050);
  t.equal(await p.sumInYear(m, '2026', 'spend'), -300);
  t.equal(await p.sumInYear(m, '2026', 'penalty'), -50);
  t.same(await p.unsettledYears(m, '2026'), [{ year: '2025', net: 500 }]);
  await p.add({ memberId: m, entryType: 'expire', activityId: null, points: -500, reason: '소멸', day: '2025-12-31', at: at('2025-12-31') });
  t.same(await p.unsettledYears(m, '2026'), [], 'a settled year');
});

dialectTest('the member list: filters, newest first, what an entry refers to', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const p = stores.points;
  const a = await stores.activities.add({ memberId: m, type: 'purchase', isbn: null, points: 2000, reason: 'awarded', day: '2026-11-05', at: at('2026-11-05') });
  await stores.activities.addPurchase(a, { bookstoreId: 3, receiptNo: 'R-1', purchaseDate: '2026-11-05', amount: 15000, bookTitle: '흰' });
  await p.add({ memberId: m, entryType: 'earn', activityId: a, points: 2000, reason: 'awarded', day: '2026-11-05', at: at('2026-11-05') });
  const spend = await p.add({ memberId: m, entryType: 'spend', activityId: null, points: -1000, reason: '구매', day: '2026-11-06', at: at('2026-11-06') });
  await p.addSpend({ memberId: m, bookstoreId: 2, entryId: spend, bookTitle: '소년이 온다', isbn: null, amount: 1000, at: at('2026-11-06') });
  const all = await p.entries({ memberId: m, entryType: null, from: null, to: null }, { limit: 10, offset: 0 });
  t.equal(all.total, 2);
  t.match(all.rows, [
    { entryType: 'spend', points: -1000, bookTitle: '소년이 온다', bookstoreName: String, activityId: null },
    { entryType: 'earn', activityType: 'purchase', activityId: a, bookTitle: '흰', bookstoreName: String },
  ]);
  t.equal((await p.entries({ memberId: m, entryType: 'spend', from: null, to: null }, { limit: 10, offset: 0 })).total, 1);
  t.equal((await p.entries({ memberId: m, entryType: null, from: '2026-11-06', to: '2026-11-30' }, { limit: 10, offset: 0 })).total, 1);
  t.equal((await p.entries({ memberId: m, entryType: null, from: null, to: null }, { limit: 1, offset: 1 })).rows[0]?.entryType, 'earn');
});

dialectTest('penalties: recorded and listed', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const p = stores.points;
  const a = await stores.activities.add({ memberId: m, type: 'review', isbn: null, points: 500, reason: 'awarded', day: '2026-11-05', at: at('2026-11-05') });
  const e = await p.add({ memberId: m, entryType: 'penalty', activityId: a, points: -500, reason: '회수', day: '2026-11-07', at: at('2026-11-07') });
  const pen = await p.addPenalty({ memberId: m, activityId: a, entryId: e, points: -500, reason: '표절', suspendedUntil: '2026-11-09', at: at('2026-11-07') });
  t.match(pen, { activityId: a, points: -500, reason: '표절', suspendedUntil: '2026-11-09', createdAt: '2026-11-07T12:00:00+09:00' });
  const list = await p.penalties({ memberId: m, from: null, to: null }, { limit: 10, offset: 0 });
  t.match(list, { total: 1, rows: [{ penaltyId: pen.penaltyId, activityType: 'review' }] });
  t.equal((await p.penalties({ memberId: m, from: '2026-11-08', to: null }, { limit: 10, offset: 0 })).total, 0);
});

// ── The running figures (decision 0146) ──────────────────────────────────────────────────

/** The member's running figures as stored: month, entry type, points, activities. */
const runningRows = async (db: StoreDb['db'], memberId: number) =>
  (await db.prepare('SELECT month, entry_type, points, activities FROM member_points WHERE member_id = ? ORDER BY month, entry_type').all(memberId)).map((r) => ({
    ...r, points: Number(r['points']), activities: Number(r['activities']),
  }));

dialectTest('running figures: every ledger insert adds to its month and entry type; a new year starts at 0', async (t, storeDb) => {
  const { db, stores, close } = await storeDb();
  t.teardown(close);
  const p = stores.points;
  const earn = (points: number, day: string) => stores.activities.addEarned({ memberId: m, type: 'loan', isbn: null, points, reason: 'awarded', day, at: at(day) });
  await earn(300, '2025-12-20');
  await earn(0, '2025-12-21'); // recorded with 0 points: a ledger row, no points, one more activity
  await p.add({ memberId: m, entryType: 'spend', activityId: null, points: -100, reason: '구매', day: '2025-12-22', at: at('2025-12-22') });
  t.same(await runningRows(db, m), [{ month: '2025-12', entry_type: 'earn', points: 300, activities: 2 }, { month: '2025-12', entry_type: 'spend', points: -100, activities: 0 }]);
  t.match(await p.summary(m, '2026-01', '2026'), { balance: 200, earnedMonth: 0, earnedYear: 0, unsettled: true }, 'January: a new year, nothing earned in it yet');

  await earn(500, '2026-01-02');
  await earn(50, '2026-01-03');
  t.match(await stores.activities.earningState(m, 'loan', '2026-01-03'), { earnedMonth: 550, earnedYear: 550, balance: 750, unsettled: true });
  // Expiry (programme/ledger.ts): an expire row dated the 31st of December of the year it settles.
  t.same(await p.unsettledYears(m, '2026'), [{ year: '2025', net: 200 }]);
  await p.add({ memberId: m, entryType: 'expire', activityId: null, points: -200, reason: '소멸', day: '2025-12-31', at: at('2025-12-31') });
  t.same(await p.unsettledYears(m, '2026'), [], 'settled');
  await p.add({ memberId: m, entryType: 'penalty', activityId: null, points: -50, reason: '회수', day: '2026-02-01', at: at('2026-02-01') });
  t.match(await p.summary(m, '2026-02', '2026'), { balance: 500, earnedMonth: 0, earnedYear: 550, penalty: -50, spent: 0, unsettled: false });
  t.equal(await p.balance(m), 500);
  t.same(await runningRows(db, m), [
    { month: '2025-12', entry_type: 'earn', points: 300, activities: 2 }, { month: '2025-12', entry_type: 'expire', points: -200, activities: 0 },
    { month: '2025-12', entry_type: 'spend', points: -100, activities: 0 },
    { month: '2026-01', entry_type: 'earn', points: 550, activities: 2 }, { month: '2026-02', entry_type: 'penalty', points: -50, activities: 0 },
  ]);
  t.same(await p.runningMismatches(), [], 'the whole seeded database agrees with its ledger');
});

dialectTest('the check finds a ledger row written around the running figures', async (t, storeDb) => {
  const { db, stores, close } = await storeDb();
  t.teardown(close);
  await db.prepare(
    `INSERT INTO point_ledger (member_id, entry_type, activity_id, points, reason, day, month, year, created_at)
     VALUES (?, 'earn', NULL, 70, 'awarded', '2026-11-05', '2026-11', '2026', '2026-11-05T12:00:00+09:00')`,
  ).run(m);
  t.same(await stores.points.runningMismatches(), [{ memberId: m, month: '2026-11', entryType: 'earn', ledger: 70, running: 0, ledgerActivities: 0, runningActivities: 0 }]);
  t.equal(await stores.points.balance(m), 0, 'the running balance does not see it');
});

// The database taken back to before migration 0013 (what the API stored before), with ledger rows
// of several months and years; opened again, the migration fills the figures from the ledger.
const BEFORE_0013 = `DROP TABLE member_points; DROP INDEX activities_member_type_month_earned; DROP INDEX activities_member_type_month;
  CREATE INDEX activities_member_type_month ON activities (member_id, activity_type, month);
  DELETE FROM schema_migrations WHERE version IN (13, 15)`;

dialectTest('migrations 0013 and 0015 fill the running figures and their activities from the ledger', async (t, _storeDb, dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'api-0013-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const where = dialect === 'postgres' ? { file: ':memory:', url: await pgDatabaseUrl() } : { file: join(dir, 'homepage.db') };
  const old = await openDatabase(where);
  if (dialect === 'sqlite') await seed(old, resolveSettings({ clock: () => Date.parse(SEED_NOW), random: () => 0.5 }));
  const balance = await createStores(old).points.balance(1);
  // Earnings of activities (migration 0015 counts them): one with points, and a month whose only
  // earning had none (the limit was reached), which has no points figure but its activity.
  const oldStores = createStores(old);
  await oldStores.activities.addEarned({ memberId: m, type: 'loan', isbn: null, points: 30, reason: 'awarded', day: '2026-11-21', at: at('2026-11-21') });
  await oldStores.activities.addEarned({ memberId: m, type: 'loan', isbn: null, points: 0, reason: 'daily_limit', day: '2024-05-01', at: at('2024-05-01') });
  await old.exec(BEFORE_0013);
  const add = old.prepare(
    `INSERT INTO point_ledger (member_id, entry_type, activity_id, points, reason, day, month, year, created_at)
     VALUES (?, ?, NULL, ?, '옛 기록', ?, ?, ?, ?)`,
  );
  for (const [type, points, day] of [['earn', 400, '2024-03-02'], ['earn', 0, '2024-03-03'], ['expire', -400, '2024-12-31'], ['earn', 120, '2026-11-20'], ['spend', -20, '2026-11-20']] as const) {
    await add.run(m, type, points, day, day.slice(0, 7), day.slice(0, 4), `${day}T12:00:00+09:00`);
  }
  await old.close();

  const db = await openDatabase(where);
  t.teardown(() => db.close());
  const stores = createStores(db);
  t.same(await stores.points.runningMismatches(), [], 'every member, month and entry type as the ledger sums them');
  t.same(await runningRows(db, m), [
    { month: '2024-03', entry_type: 'earn', points: 400, activities: 0 },
    { month: '2024-05', entry_type: 'earn', points: 0, activities: 1 },
    { month: '2024-12', entry_type: 'expire', points: -400, activities: 0 },
    { month: '2026-11', entry_type: 'earn', points: 150, activities: 1 }, { month: '2026-11', entry_type: 'spend', points: -20, activities: 0 },
  ], 'no row for a month with neither points nor activities (2024-03 of the 0-point row without one counts its 400 only)');
  t.equal(await stores.points.balance(1), balance, "reader01's balance as it was");
  t.equal(await stores.points.balance(m), 130);
  t.match(await stores.activities.earningState(m, 'diary', '2026-11-22'), { earnedMonth: 150, earnedYear: 150, balance: 130, unsettled: false });
});
