/** The challenge store: runs and their check-ins. */
import { QUIET_MEMBER, dialectTest } from './helpers.ts';

dialectTest('a run: start, check-ins, save, end, history', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const ch = stores.challenges;
  const m = QUIET_MEMBER;
  t.equal(await ch.latest(m), undefined);
  t.equal(await ch.active(m), undefined);
  const run = await ch.start(m, '2026-11-10');
  t.match(run, { status: 'active', startedDay: '2026-11-10', lastCheckinDay: '2026-11-10', streak: 0, endedDay: null });
  const act = await stores.activities.add({ memberId: m, type: 'checkin', isbn: null, points: 30, reason: 'awarded', day: '2026-11-10', at: Date.parse('2026-11-10T08:00:00+09:00') });
  await ch.addCheckin(act, { challengeId: run.challengeId, memberId: m, day: '2026-11-10', dayNo: 1 });
  await ch.save({ ...run, streak: 1 });
  t.ok(await ch.checkedInOn(m, '2026-11-10'));
  t.notOk(await ch.checkedInOn(m, '2026-11-11'));
  t.same(await ch.checkins(run.challengeId), [{ day: '2026-11-10', day_no: 1, points: 30 }]);
  t.match(await ch.active(m), { challengeId: run.challengeId, streak: 1 });
  await ch.end(run.challengeId, '2026-11-12');
  t.equal(await ch.active(m), undefined);
  t.match(await ch.latest(m), { status: 'ended', endedDay: '2026-11-12' });
  const next = await ch.start(m, '2026-11-20');
  t.same((await ch.history(m)).map((c) => c.challengeId), [next.challengeId, run.challengeId], 'newest first');
});
