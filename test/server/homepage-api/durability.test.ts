/**
 * No acknowledged write is lost when the process is killed (decision 0100): the API
 * runs as a child process on a file under a temp DATA_DIR; writes stream in; SIGKILL
 * lands mid-run; the reopened database holds every write that was answered 200.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, diariesUntilKilled, post, spawnApi } from './helpers.ts';
import { openDatabase } from '#server/homepage-api/store/db.ts';

t.test('SIGKILL during writes loses no acknowledged write', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'api-kill-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  // As many writes as the process takes: the write rate (decision 0113) is not what is tested here.
  const api = await spawnApi(dir, { ACCESS_TOKEN_TTL_S: '3600', ACTIVITY_WRITES_PER_MINUTE: '10000' });
  t.teardown(() => {
    if (api.child.exitCode === null) api.child.kill('SIGKILL');
  });
  const base = `${api.url}/api/v1/homepage`;
  const login = await post(`${base}/auth/login`, undefined, { user_id: 'reader01', user_pass: PASSWORD });
  t.equal(login.status, 200);
  const token = String(login.body['access_token']);
  const { acked, failures, code } = await diariesUntilKilled(base, token, api, 10_000);
  t.equal(code, null, 'killed by a signal');
  t.ok(acked.length >= 50, `${acked.length} writes acknowledged before the kill (${failures} in flight died)`);

  const db = await openDatabase(join(dir, 'homepage.db'));
  try {
    const present = new Set(
      (await db.prepare("SELECT d.activity_id FROM diaries d JOIN activities a USING (activity_id) JOIN point_ledger l ON l.activity_id = a.activity_id AND l.entry_type = 'earn'").all()).map((r) => Number(r['activity_id'])),
    );
    const lost = acked.filter((id) => !present.has(id));
    t.same(lost, [], 'every acknowledged diary, its activity and its ledger entry survived');
    t.equal((await db.prepare('PRAGMA integrity_check').get())?.['integrity_check'], 'ok');
  } finally {
    await db.close();
  }
});
