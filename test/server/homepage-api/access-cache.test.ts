/** The access-check memory's rules (decision 0156), on a clock of the test's own. */
import t from 'tap';
import { AccessCache } from '#server/homepage-api/auth/access-cache.ts';
import type { AccessWithMember } from '#server/homepage-api/store/tokens.ts';

const hash = (n: number) => Buffer.alloc(32, n);
const row = (memberId: number): AccessWithMember => ({ token: { familyId: memberId * 10, memberId, expiresAt: 0, revoked: false }, member: undefined });

/** A cache, its clock, and a read that counts. */
function setup() {
  let now = 1_000;
  const cache = new AccessCache(() => now);
  let reads = 0;
  const read = (memberId: number | undefined) => async () => {
    reads += 1;
    return memberId === undefined ? undefined : row(memberId);
  };
  return { cache, read, reads: () => reads, advance: (ms: number) => (now += ms) };
}

t.test('off until listening; then a check is kept, per token, for ten seconds', async (t) => {
  const s = setup();
  await s.cache.check(hash(1), s.read(1));
  await s.cache.check(hash(1), s.read(1));
  t.equal(s.reads(), 2, 'not listening: every check reads');
  s.cache.listening();
  t.ok(s.cache.on);
  t.same(await s.cache.check(hash(1), s.read(1)), row(1));
  t.same(await s.cache.check(hash(1), s.read(1)), row(1));
  t.equal(s.reads(), 3, 'kept after one read');
  await s.cache.check(hash(2), s.read(2));
  t.equal(s.reads(), 4, 'another token reads');
  t.equal(await s.cache.check(hash(3), s.read(undefined)), undefined);
  await s.cache.check(hash(3), s.read(undefined));
  t.equal(s.reads(), 6, 'an unknown token is never kept');
  s.advance(10_001);
  await s.cache.check(hash(1), s.read(1));
  t.equal(s.reads(), 7, 'read again after ten seconds');
});

t.test('a member heard is forgotten; others stay', async (t) => {
  const s = setup();
  s.cache.listening();
  await s.cache.check(hash(1), s.read(1));
  await s.cache.check(hash(2), s.read(2));
  s.cache.heard('1');
  await s.cache.check(hash(1), s.read(1));
  await s.cache.check(hash(2), s.read(2));
  t.equal(s.reads(), 3, 'member 1 read again, member 2 kept');
  s.cache.heard('not a member');
  await s.cache.check(hash(2), s.read(2));
  t.equal(s.reads(), 4, 'a payload not understood forgets everything');
});

t.test("this instance's own change: nothing of the member kept until the commit is heard", async (t) => {
  const s = setup();
  s.cache.listening();
  await s.cache.check(hash(1), s.read(1));
  s.cache.changing(1);
  await s.cache.check(hash(1), s.read(1));
  await s.cache.check(hash(1), s.read(1));
  t.equal(s.reads(), 3, 'forgotten, and not kept while changing');
  s.cache.heard('1');
  await s.cache.check(hash(1), s.read(1));
  await s.cache.check(hash(1), s.read(1));
  t.equal(s.reads(), 4, 'kept again once heard');
  s.cache.changing(1);
  await s.cache.check(hash(1), s.read(1));
  t.equal(s.reads(), 5, 'changing again: read');
  s.advance(5_001);
  await s.cache.check(hash(1), s.read(1));
  await s.cache.check(hash(1), s.read(1));
  t.equal(s.reads(), 6, 'a change never heard (rolled back) stops keeping for five seconds at most');
});

t.test('a check under way when a change is heard is answered, not kept', async (t) => {
  const s = setup();
  s.cache.listening();
  let release: () => void = () => undefined;
  const slow = () => new Promise<AccessWithMember>((resolve) => (release = () => resolve(row(1))));
  const pending = s.cache.check(hash(1), slow);
  s.cache.heard('1');
  release();
  t.same(await pending, row(1), 'answered');
  await s.cache.check(hash(1), s.read(1));
  t.equal(s.reads(), 1, 'not kept: the next check read');
});

t.test('a lost connection keeps nothing until listening again', async (t) => {
  const s = setup();
  s.cache.listening();
  await s.cache.check(hash(1), s.read(1));
  s.cache.lost();
  t.notOk(s.cache.on);
  t.equal(s.cache.size, 0, 'forgotten');
  await s.cache.check(hash(1), s.read(1));
  await s.cache.check(hash(1), s.read(1));
  t.equal(s.reads(), 3, 'every check reads');
  s.cache.listening();
  await s.cache.check(hash(1), s.read(1));
  await s.cache.check(hash(1), s.read(1));
  t.equal(s.reads(), 4);
});
