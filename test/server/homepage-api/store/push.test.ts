/**
 * The push store: the send log claims a reminder once, even for two connections (two API
 * processes) on one database file; an endpoint belongs to one member.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#server/homepage-api/store/db.ts';
import { createStores } from '#server/homepage-api/store/index.ts';
import { seed } from '#server/homepage-api/seed/index.ts';
import { resolveSettings } from '#server/homepage-api/settings.ts';
import { SEED_NOW, dialectTest, pgDatabaseUrl } from './helpers.ts';

const AT = Date.parse(SEED_NOW);

dialectTest('two connections claim a reminder once; the outcome is recorded', async (t, _open, dialect) => {
  const target = dialect === 'postgres'
    ? { file: ':memory:', url: await pgDatabaseUrl() }
    : { file: join(mkdtempSync(join(tmpdir(), 'push-store-')), 'homepage.db') };
  const a = await openDatabase(target);
  if (dialect === 'sqlite') await seed(a, resolveSettings({ clock: () => AT, random: () => 0.5 }));
  const b = await openDatabase(target);
  t.teardown(async () => {
    await a.close();
    await b.close();
  });
  const one = createStores(a);
  const two = createStores(b);
  t.equal(await one.transaction(() => one.push.claim(1, 'challenge', '2026-11-21', AT)), true, 'the first claims it');
  t.equal(await two.transaction(() => two.push.claim(1, 'challenge', '2026-11-21', AT)), false, 'the other process does not');
  t.equal(await two.transaction(() => two.push.claim(1, 'challenge', '2026-11-22', AT)), true, 'another day is another reminder');
  t.equal(await two.transaction(() => two.push.claim(1, 'club_meeting', '2026-11-21', AT)), true, 'another kind is another reminder');
  await one.push.settle(1, 'challenge', '2026-11-21', 'sent', 201);
  t.same({ ...(await b.prepare("SELECT outcome, status FROM push_sends WHERE kind = 'challenge' AND day = '2026-11-21'").get()) }, { outcome: 'sent', status: 201 });
});

dialectTest('an endpoint belongs to one member; state without a subscription', async (t, open) => {
  const { db, stores, close } = await open();
  t.teardown(close);
  const { push, transaction } = stores;
  const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', p256dh: 'p', auth: 'a' };
  t.equal(await push.state(1), undefined);
  await transaction(async () => {
    await push.saveState(1, { permission: 'granted', reminderHour: 8, remind: { challenge: 'Y', points_expiring: 'N', club_meeting: 'Y' } }, AT);
    await push.subscribe(1, sub, AT);
  });
  t.same(await push.state(1), {
    permission: 'granted', reminderHour: 8, remind: { challenge: 'Y', points_expiring: 'N', club_meeting: 'Y' },
    updatedAt: '2026-11-21T10:00:00+09:00', endpoint: sub.endpoint,
  });
  await transaction(() => push.subscribe(2, sub, AT));
  t.equal((await push.state(1))?.endpoint, null, 'moved to member 2');
  await push.unsubscribe(2);
  t.equal((await db.prepare('SELECT count(*) AS n FROM push_subscriptions').get())?.['n'], 0);
});
