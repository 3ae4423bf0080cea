/** The club store: clubs as a member sees them, members, meetings, attendance. */
import { dialectTest } from './helpers.ts';

dialectTest('clubs, membership and the leader', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const clubs = stores.clubs;
  t.match(await clubs.club(1, 1), { clubId: 1, name: '상당 책수다', leaderId: 1, leaderName: '김서연', joined: true, memberCount: 5, cityCode: '43111' });
  t.equal((await clubs.club(1, null))?.joined, false, 'a visitor has not joined');
  t.equal(await clubs.club(99, null), undefined);
  const page = { limit: 20, offset: 0 };
  t.equal((await clubs.list({ city: null, mineOnly: false, me: null }, page)).total, 5);
  t.same((await clubs.list({ city: null, mineOnly: true, me: 1 }, page)).rows.map((c) => c.clubId), [1, 2], "reader01's clubs");
  t.equal((await clubs.list({ city: null, mineOnly: true, me: null }, page)).total, 5, 'mine only means nothing to a visitor');
  t.same((await clubs.list({ city: '43110', mineOnly: false, me: null }, page)).rows.map((c) => c.clubId), [1, 2], 'Cheongju includes its gu');

  const members = await clubs.members(1);
  t.equal(members.length, 5);
  t.match(members[0], { memberId: 1, userNo: '2026000001', leader: true });
  t.ok(members.slice(1).every((x) => !x.leader));

  await clubs.join(3, 2, Date.parse('2026-11-21T10:00:00+09:00'));
  t.match(await clubs.club(3, 2), { joined: true, memberCount: 5 });
  t.match(await clubs.byUserNo(3, '2026000002'), { memberId: 2, userName: '이준호', inClub: true });
  t.match(await clubs.byUserNo(1, '2026000002'), { inClub: false });
  t.equal(await clubs.byUserNo(1, '0000000000'), undefined);
  await clubs.leave(3, 2);
  t.equal((await clubs.club(3, 2))?.joined, false);
});

dialectTest('meetings and attendance', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const clubs = stores.clubs;
  const before = (await clubs.meetings(1)).length;
  const id = await clubs.addMeeting({ clubId: 1, heldOn: '2026-11-20', topic: '11월 모임', isbn: null, at: Date.parse('2026-11-20T19:00:00+09:00') });
  t.ok(await clubs.hasMeetingOn(1, '2026-11-20'));
  t.notOk(await clubs.hasMeetingOn(2, '2026-11-20'));
  const act = await stores.activities.add({ memberId: 1, type: 'bookclub', isbn: null, points: 500, reason: 'awarded', day: '2026-11-20', at: 0 });
  await clubs.addAttendance(act, id, 1);
  const meetings = await clubs.meetings(1);
  t.equal(meetings.length, before + 1);
  t.match(meetings[0], { meetingId: id, heldOn: '2026-11-20', topic: '11월 모임', attendeeCount: 1, isbn: null, bookTitle: null });
  const days = meetings.map((x) => x.heldOn);
  t.same(days, [...days].sort().reverse(), 'newest first');
});
