/**
 * kill -9 of one instance under a write load on PostgreSQL (decision 0109): two API
 * processes share a cluster running with fsync on (as in production); writes stream into one;
 * SIGKILL lands mid-run. Every write answered 200 is in the database, and the other instance
 * keeps serving — reads and writes — without a restart.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, curatedBooks, diariesUntilKilled, post, spawnApi } from './helpers.ts';
import { openDatabase } from '#server/homepage-api/store/db.ts';
import { startPostgres } from '#test/fixtures/postgres.ts';

t.test('SIGKILL of one of two instances during writes loses no acknowledged write; the other keeps serving', async (t) => {
  const pg = await startPostgres({ fsync: true });
  t.teardown(() => pg.stop());
  const url = await pg.createDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'api-pg-kill-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const env = { DATABASE_URL: url, ACCESS_TOKEN_TTL_S: '3600', ACTIVITY_WRITES_PER_MINUTE: '1000' };
  const a = await spawnApi(dir, env, 60_000);
  const b = await spawnApi(dir, env, 60_000);
  t.teardown(() => {
    for (const p of [a, b]) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  });
  const baseA = `${a.url}/api/v1/homepage`;
  const baseB = `${b.url}/api/v1/homepage`;
  const login = await post(`${baseA}/auth/login`, undefined, { user_id: 'reader01', user_pass: PASSWORD });
  t.equal(login.status, 200);
  const token = String(login.body['access_token']);
  const isbn = curatedBooks()[3]?.isbn ?? '';

  const { acked, failures, code } = await diariesUntilKilled(baseA, token, a, 15_000);
  t.equal(code, null, 'killed by a signal');
  t.ok(acked.length >= 50, `${acked.length} writes acknowledged before the kill (${failures} in flight died)`);

  const after = await post(`${baseB}/activity/bookdiary`, token, { isbn, content: '다른 인스턴스' });
  t.equal(after.status, 200, 'the other instance keeps writing, with the same token');
  const point = await fetch(`${baseB}/user/point`, { headers: { authorization: `Bearer ${token}` } });
  t.equal(point.status, 200, 'and reading');

  const db = await openDatabase({ file: ':memory:', url });
  try {
    const present = new Set(
      (await db.prepare("SELECT d.activity_id FROM diaries d JOIN activities a USING (activity_id) JOIN point_ledger l ON l.activity_id = a.activity_id AND l.entry_type = 'earn'").all()).map((r) => Number(r['activity_id'])),
    );
    const lost = acked.filter((id) => !present.has(id));
    t.same(lost, [], 'every acknowledged diary, its activity and its ledger entry survived');
  } finally {
    await db.close();
  }
});
