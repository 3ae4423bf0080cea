/**
 * The statistics store's reading streak (decision 0151), on both dialects: consecutive days with
 * a recorded diary, alive while it ends today or yesterday; gaps, repeats on a day, revoked
 * diaries, other activities, other members, days after "today", and runs across a month's and
 * a year's end (the dialects' day arithmetic).
 */
import type { ActivityType } from '#shared/contract/points.ts';
import { QUIET_MEMBER, dialectTest, type StoreDb } from './helpers.ts';

const m = QUIET_MEMBER;
const OTHER = 3;

async function add(s: StoreDb, day: string, { type = 'diary', memberId = m, points = 50 }: { type?: ActivityType; memberId?: number; points?: number } = {}): Promise<number> {
  return await s.stores.activities.add({ memberId, type, isbn: null, points, reason: points > 0 ? 'awarded' : 'activity_limit', day, at: Date.parse(`${day}T12:00:00+09:00`) });
}

/** The streak as of `today`, with yesterday the day before it. */
function streakOn(s: StoreDb, today: string, yesterday: string) {
  return s.stores.statistics.streak(m, today, yesterday);
}

dialectTest('no diary yet: no streak, no last day', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  await add(s, '2026-11-20', { type: 'review', points: 500 });
  await add(s, '2026-11-21', { type: 'checkin', points: 10 });
  t.same(await streakOn(s, '2026-11-21', '2026-11-20'), { currentDays: 0, longestDays: 0, lastDay: null }, 'reviews and check-ins are not diaries');
});

dialectTest('runs, gaps and the today-or-yesterday rule', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  for (const day of ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05', '2026-11-06']) await add(s, day);
  await add(s, '2026-11-05', { points: 0 }); // a second diary that day (no points): still one day
  await add(s, '2026-11-04', { type: 'review', points: 500 }); // not a diary: does not fill the gap
  await add(s, '2026-11-04', { memberId: OTHER }); // another member's diary neither

  t.same(await streakOn(s, '2026-11-06', '2026-11-05'), { currentDays: 2, longestDays: 3, lastDay: '2026-11-06' }, 'a diary today');
  t.same(await streakOn(s, '2026-11-07', '2026-11-06'), { currentDays: 2, longestDays: 3, lastDay: '2026-11-06' }, 'none yet today: the run to yesterday holds');
  t.same(await streakOn(s, '2026-11-08', '2026-11-07'), { currentDays: 0, longestDays: 3, lastDay: '2026-11-06' }, 'a whole day missed: over');
  t.same(await streakOn(s, '2026-11-03', '2026-11-02'), { currentDays: 3, longestDays: 3, lastDay: '2026-11-03' }, 'days after today are not counted');
  t.same(await streakOn(s, '2026-10-31', '2026-10-30'), { currentDays: 0, longestDays: 0, lastDay: null }, 'before the first diary');
});

dialectTest('a revoked diary breaks the run; repeats on a day count once', async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  const ids: number[] = [];
  for (const day of ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']) ids.push(await add(s, day));
  const twice = await add(s, '2026-11-12', { points: 0 });
  t.same(await streakOn(s, '2026-11-13', '2026-11-12'), { currentDays: 4, longestDays: 4, lastDay: '2026-11-13' });
  await s.stores.activities.revoke(ids[1] ?? 0);
  t.same(await streakOn(s, '2026-11-13', '2026-11-12'), { currentDays: 2, longestDays: 2, lastDay: '2026-11-13' }, 'the 11th is gone');
  await s.stores.activities.revoke(ids[2] ?? 0);
  t.same(await streakOn(s, '2026-11-13', '2026-11-12'), { currentDays: 2, longestDays: 2, lastDay: '2026-11-13' }, 'the 12th still has its other diary');
  await s.stores.activities.revoke(twice);
  t.same(await streakOn(s, '2026-11-13', '2026-11-12'), { currentDays: 1, longestDays: 1, lastDay: '2026-11-13' });
  await s.stores.activities.revoke(ids[3] ?? 0);
  t.same(await streakOn(s, '2026-11-14', '2026-11-13'), { currentDays: 0, longestDays: 1, lastDay: '2026-11-10' }, 'the last day is the last recorded one');
});

dialectTest("runs across a month's and a year's end", async (t, storeDb) => {
  const s = await storeDb();
  t.teardown(s.close);
  for (const day of ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']) await add(s, day);
  for (const day of ['2027-02-27', '2027-02-28', '2027-03-01']) await add(s, day);
  t.same(await streakOn(s, '2027-01-03', '2027-01-02'), { currentDays: 4, longestDays: 4, lastDay: '2027-01-02' }, 'December into January');
  t.same(await streakOn(s, '2027-03-01', '2027-02-28'), { currentDays: 3, longestDays: 4, lastDay: '2027-03-01' }, '28 February (2027 has no 29th) into March');
});
