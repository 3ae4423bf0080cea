/** The point store: the ledger, its sums, the member's list, penalties and spending. */
import { QUIET_MEMBER, dialectTest } from './helpers.ts';

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
