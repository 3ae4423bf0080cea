/** The member store: typed members, profile updates and earning suspension. */
import { dialectTest } from './helpers.ts';

dialectTest('members by id and user id, profile update, suspension', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const members = stores.members;
  const reader = await members.byUserId('reader01');
  t.match(reader, { memberId: 1, userNo: '2026000001', userName: '김서연', status: 'active', agreeYn: 'Y', userAuth: ['ROLE_USER'] });
  t.same((await members.byId(6))?.userAuth, ['ROLE_USER', 'ROLE_ADMIN']);
  t.equal(await members.byUserId('nobody'), undefined);
  t.equal(await members.byId(9999), undefined);

  const before = await members.byId(2);
  t.match(before, { agreeYn: 'N', agreeDate: null });
  await members.updateProfile({
    memberId: 2, agreeYn: 'Y', noticeYn: 'Y', phone: '010-1111-2222', email: null,
    provinceCode: '43', cityCode: '43113', townCode: '43113009', now: '2026-11-21T10:00:00+09:00',
  });
  t.match(await members.byId(2), {
    agreeYn: 'Y', agreeDate: '2026-11-21T10:00:00+09:00', noticeYn: 'Y', noticeDate: '2026-11-21T10:00:00+09:00',
    phone: '010-1111-2222', cityCode: '43113', townCode: '43113009',
  });
  await members.updateProfile({
    memberId: 2, agreeYn: 'Y', noticeYn: 'Y', phone: null, email: null,
    provinceCode: '43', cityCode: null, townCode: null, now: '2026-11-22T10:00:00+09:00',
  });
  t.match(await members.byId(2), { agreeDate: '2026-11-21T10:00:00+09:00', noticeDate: '2026-11-21T10:00:00+09:00', phone: null }, 'dates kept when nothing changed');

  t.equal(await members.suspendedUntil(2), null);
  await members.suspendUntil(2, '2026-11-30');
  await members.suspendUntil(2, '2026-11-25');
  t.equal(await members.suspendedUntil(2), '2026-11-30', 'a shorter suspension does not shorten a longer one');
  await members.suspendUntil(2, '2026-12-05');
  t.equal(await members.suspendedUntil(2), '2026-12-05');
});
