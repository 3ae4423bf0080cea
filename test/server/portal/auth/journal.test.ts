/**
 * The journal under DATA_DIR that keeps signed-out sessions and waiting sign-outs across a
 * restart (decision 0024): appended line by line, read back whole, a line cut short by a crash
 * skipped, rewritten without what has expired, only hashes on disk.
 */
import t from 'tap';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { Journal } from '#server/portal/auth/journal.ts';
import { MemoryRevocations, revocationJournal } from '#server/portal/auth/revocations.ts';

const log = pino({ level: 'silent' });
type Entry = { n: number };
const isEntry = (v: unknown): v is Entry => typeof (v as Entry | null)?.n === 'number';

t.test('appended, read back, a torn last line skipped, compacted', async (t) => {
  const file = join(mkdtempSync(join(tmpdir(), 'journal-')), 'sub', 'j.jsonl');
  const j = new Journal<Entry>(file, log);
  t.same(j.read(isEntry), [], 'no file yet: nothing');
  await j.append({ n: 1 }, { n: 2 });
  await j.append({ n: 3 });
  t.equal((statSync(file).mode & 0o777).toString(8), '600', 'readable by the portal only');
  writeFileSync(file, `${readFileSync(file, 'utf8')}{"n":4`, { flag: 'w' }); // a crash mid-line
  const again = new Journal<Entry>(file, log);
  t.same(again.read(isEntry), [{ n: 1 }, { n: 2 }, { n: 3 }], 'the torn line is skipped');
  await again.compact([{ n: 3 }], true);
  t.equal(readFileSync(file, 'utf8'), '{"n":3}\n', 'rewritten with what is live');
});

t.test('signed-out sessions come back after a restart, by hash only, until their end', async (t) => {
  const file = join(mkdtempSync(join(tmpdir(), 'journal-')), 'signed-out-sessions.jsonl');
  let now = 1_000_000;
  const first = new MemoryRevocations(() => now, revocationJournal(file, log));
  await first.revoke({ sid: 'session-id', access: 'access-token', refresh: 'refresh-token' }, now + 60_000);
  await first.revoke({ sid: 'short-lived' }, now + 1_000);
  const text = readFileSync(file, 'utf8');
  for (const secret of ['session-id', 'access-token', 'refresh-token']) t.notOk(text.includes(secret), `no ${secret} on disk`);
  now += 2_000;
  const restarted = new MemoryRevocations(() => now, revocationJournal(file, log));
  t.ok(await restarted.isRevoked({ refresh: 'refresh-token' }), 'a token alone is known after the restart');
  t.ok(await restarted.isRevoked({ sid: 'session-id' }), 'and the session id');
  t.notOk(await restarted.isRevoked({ sid: 'short-lived' }), 'what has ended is forgotten');
  t.notOk(await restarted.isRevoked({ access: 'another-token' }), 'others are not touched');
  now += 60_000;
  t.notOk(await restarted.isRevoked({ refresh: 'refresh-token' }), 'until the session would have ended');
});
