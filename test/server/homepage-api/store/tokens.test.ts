/** The token store: families, access and refresh rows, SSO tokens. */
import { tokenHash } from '#server/homepage-api/auth/tokens.ts';
import { SSO_TEST } from '#server/homepage-api/seed/members.ts';
import { createStores } from '#server/homepage-api/store/index.ts';
import { dialectTest } from './helpers.ts';

dialectTest('families, access and refresh tokens', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const tokens = stores.tokens;
  const family = await tokens.openFamily(1, true, 1000);
  t.ok(family > 0);
  await tokens.addAccess(tokenHash('a1'), family, 5000, 1000);
  await tokens.addRefresh(tokenHash('r1'), family, 9000, 1000);
  t.same(await tokens.access(tokenHash('a1')), { familyId: family, memberId: 1, expiresAt: 5000, revoked: false });
  t.same(await tokens.refresh(tokenHash('r1')), {
    familyId: family, memberId: 1, keep: true, expiresAt: 9000, spentAt: null, successor: null, repeats: 0, revoked: false, signedInAt: 1000,
  });
  t.equal(await tokens.access(tokenHash('unknown')), undefined);

  await tokens.spendRefresh(tokenHash('r1'), 2000, new Uint8Array([1, 2, 3]));
  t.equal((await tokens.refresh(tokenHash('r1')))?.spentAt, 2000);
  t.same((await tokens.refresh(tokenHash('r1')))?.successor, new Uint8Array([1, 2, 3]), 'the sealed pair is kept');
  await tokens.repeatRefresh(tokenHash('r1'));
  t.equal((await tokens.refresh(tokenHash('r1')))?.repeats, 1, 'a presentation after it was spent is counted');
  await tokens.forgetSuccessors(2001);
  t.equal((await tokens.refresh(tokenHash('r1')))?.successor, null, 'and dropped once its grace is over');
  await tokens.revokeFamily(family, 'logout', 3000, 1);
  t.equal((await tokens.access(tokenHash('a1')))?.revoked, true);
  t.equal((await tokens.refresh(tokenHash('r1')))?.revoked, true);

  await tokens.purgeAccess(5001);
  t.equal(await tokens.access(tokenHash('a1')), undefined, 'expired access tokens are purged');
  t.ok(await tokens.refresh(tokenHash('r1')), 'refresh rows stay');
});

dialectTest('the seeded SSO token', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  t.match(await stores.tokens.sso(tokenHash(SSO_TEST.token)), { memberId: 1 });
  t.equal(await stores.tokens.sso(tokenHash('other')), undefined);
});

dialectTest('the stores tell of a sign-in state about to change (decision 0156)', async (t, storeDb) => {
  const { db, close } = await storeDb();
  t.teardown(close);
  const told: number[] = [];
  const stores = createStores(db, { authChanging: (memberId) => told.push(memberId) });
  const family = await stores.tokens.openFamily(1, false, 1000);
  await stores.tokens.revokeFamily(family, 'logout', 2000, 1);
  await stores.members.suspendUntil(2, '2026-11-30');
  await stores.members.updateProfile({
    memberId: 3, agreeYn: 'Y', noticeYn: 'N', phone: null, email: null, provinceCode: null, cityCode: null, townCode: null, now: '2026-11-29T10:00:00+09:00',
  });
  t.same(told, [1, 2, 3], 'a revoked sign-in, a suspension, a profile: each member told before the write');
});
