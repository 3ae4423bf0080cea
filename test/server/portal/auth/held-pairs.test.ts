/**
 * The memory store of held pairs (server/portal/auth/held-pairs.ts, decision 0142) on its own, on a
 * clock the test moves: given again only to the user agent it was made for, its lifetimes counted
 * from now, never past the hold nor its refresh token's end; the first pair held for a token
 * stays; released pairs are gone.
 */
import t from 'tap';
import { MemoryHeldPairs } from '#server/portal/auth/held-pairs.ts';
import type { TokenAnswer } from '#server/portal/auth/refresh-flight.ts';
import { hashOf } from '#server/portal/auth/seal.ts';

const pair = (n: number, refreshS = 86_400): TokenAnswer => ({
  result: 'success', userId: 'reader01', username: '김서연', userNo: '1', userAuth: ['ROLE_USER'], userKey: 'K', agreeYn: 'Y', noticeYn: 'N',
  access_token: `access-${n}`, access_expires_in: 5, refresh_token: `refresh-${n}`, refresh_expires_in: refreshS,
});

t.test('given again to the same agent, aged; not to another; not past the hold', async (t) => {
  let now = 1_000_000;
  const held = new MemoryHeldPairs(900_000, () => now);
  await held.hold('refresh-0', pair(1), 'phone');
  now += 3_000;
  t.match(await held.take('refresh-0', 'phone'), { refresh_token: 'refresh-1', access_expires_in: 2, refresh_expires_in: 86_397 }, 'the pair, its lifetimes counted from now');
  t.equal(await held.take('refresh-0', 'elsewhere'), undefined, 'not for another user agent');
  t.equal(await held.take('refresh-1', 'phone'), undefined, 'nothing for another token');
  now += 60_000;
  t.match(await held.take('refresh-0', 'phone'), { access_expires_in: 1 }, 'an access token expired since lives a second');
  now = 1_000_000 + 900_000;
  t.equal(await held.take('refresh-0', 'phone'), undefined, 'the hold has ended');
});

t.test('never past the new refresh token\'s end; the first pair held stays; released is gone; 0 holds nothing', async (t) => {
  let now = 0;
  const held = new MemoryHeldPairs(900_000, () => now);
  await held.hold('refresh-0', pair(1, 60), 'phone');
  await held.hold('refresh-0', pair(2), 'elsewhere');
  now = 59_000;
  t.match(await held.take('refresh-0', 'phone'), { refresh_token: 'refresh-1' }, 'the first pair, for its agent');
  now = 60_000;
  t.equal(await held.take('refresh-0', 'phone'), undefined, 'gone with its refresh token');
  await held.hold('refresh-5', pair(6), 'phone');
  await held.release([hashOf('refresh-5')]);
  t.equal(await held.take('refresh-5', 'phone'), undefined, 'released');
  const off = new MemoryHeldPairs(0, () => now);
  await off.hold('refresh-7', pair(8), 'phone');
  t.equal(await off.take('refresh-7', 'phone'), undefined, 'REFRESH_HOLD_S=0: nothing held');
});
