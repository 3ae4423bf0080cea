/**
 * A club leader records a meeting from the club detail (decision 0042): the detail gives the
 * leader the members' numbers and the form's rules, others see masked names only; the
 * meeting list is newest first; each attendee finds the meeting's points in their list.
 */
import t from 'tap';
import { call, login, testApi } from './helpers.ts';

t.test('the leader’s club detail, a meeting, the attendee’s points', async (t) => {
  const api = await testApi({ start: '2026-11-21T10:00:00+09:00', settings: { accessTtlS: 365 * 24 * 3600 } });
  t.teardown(api.close);
  const leader = (await login(api.app, 'reader01')).access_token;
  const reader02 = (await login(api.app, 'reader02')).access_token;
  await call(api.app, reader02, 'POST', '/user/info', { agree_yn: 'Y' });
  t.equal((await call(api.app, reader02, 'POST', '/bookclub/1/join')).statusCode, 200, 'reader02 joins the club reader01 leads');

  const detail = (await call(api.app, leader, 'GET', '/bookclub/1')).json();
  t.match(detail.club, { club_key: 1, leader_yn: 'Y', joined_yn: 'Y', member_count: 6 });
  t.match(detail.meeting_form, { from: '2026-11-01', to: '2026-11-21', points: 500, monthly_limit: 4 });
  t.ok(detail.members.every((m: { user_no: string | null }) => /^[0-9]{10}$/.test(m.user_no ?? '')), 'the leader sees every member number');
  t.match(detail.members[0], { user_no: '2026000001', user_name: '김서연', leader_yn: 'Y' });
  const others = detail.members.filter((m: { leader_yn: string }) => m.leader_yn === 'N');
  t.ok(others.length >= 2, 'the leader has at least two other members');
  t.match(detail.members.at(-1), { user_no: '2026000002', user_name: '이준호' });

  const asMember = (await call(api.app, reader02, 'GET', '/bookclub/1')).json();
  t.equal(asMember.meeting_form, null);
  t.ok(asMember.members.every((m: { user_no: string | null; user_name: string }) => m.user_no === null && m.user_name.includes('*')), 'others see masked names only');
  t.equal((await call(api.app, undefined, 'GET', '/bookclub/1')).json().meeting_form, null);

  const recorded = await call(api.app, leader, 'POST', '/bookclub/1/meetings', {
    held_on: '2026-11-19', topic: '「소년이 온다」 함께 읽기', attendees: ['2026000001', '2026000002'],
  });
  t.equal(recorded.statusCode, 200, recorded.body);
  const { meeting_key: meetingKey, awarded } = recorded.json();
  t.match(awarded, [{ user_no: '2026000001', points: 500 }, { user_no: '2026000002', user_name: '이준호', points: 500 }]);
  await call(api.app, leader, 'POST', '/bookclub/1/meetings', { held_on: '2026-11-05', topic: '지난 모임', attendees: ['2026000001'] });

  const meetings = (await call(api.app, leader, 'GET', '/bookclub/1')).json().meetings as { held_on: string; meeting_key: number; attendee_count: number }[];
  t.match(meetings[0], { meeting_key: meetingKey, held_on: '2026-11-19', attendee_count: 2 }, 'the latest meeting first');
  const days = meetings.map((m) => m.held_on);
  t.same(days, [...days].sort().reverse(), 'newest first');

  const points = (await call(api.app, reader02, 'GET', '/user/point/list?activity_type=bookclub')).json();
  t.match(points, { total: 1, point_list: [{ entry_type: 'earn', activity_type: 'bookclub', points: 500, entry_date: '2026-11-19', activity_key: awarded[1].activity_key }] });
  const acts = (await call(api.app, reader02, 'GET', '/activity/authentication/bookclub')).json();
  t.match(acts.activity_list, [{ activity_date: '2026-11-19', detail: '상당 책수다 · 「소년이 온다」 함께 읽기' }]);
  t.equal((await call(api.app, reader02, 'POST', '/bookclub/1/meetings', { held_on: '2026-11-20', topic: '모임', attendees: ['2026000002'] })).statusCode, 404, 'only the leader records');
});
