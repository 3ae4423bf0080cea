/** The seed: idempotent, fast enough for every start, obeying the programme's own rules. */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#server/homepage-api/store/db.ts';
import { seed } from '#server/homepage-api/seed/index.ts';
import { resolveSettings } from '#server/homepage-api/settings.ts';

t.test('seeding twice changes nothing, and a second start is quick', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'api-seed-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const settings = resolveSettings({ clock: () => Date.parse('2026-11-21T10:00:00+09:00') });
  const tables = ['members', 'books', 'book_search', 'notices', 'regions', 'activities', 'point_ledger', 'faqs', 'bookstores', 'club_members'];
  const counts = (db: ReturnType<typeof openDatabase>) => tables.map((name) => Number(db.prepare(`SELECT count(*) AS n FROM ${name}`).get()?.['n']));

  let db = openDatabase(join(dir, 'homepage.db'));
  let started = performance.now();
  seed(db, settings);
  const first = performance.now() - started;
  const before = counts(db);
  db.close();
  db = openDatabase(join(dir, 'homepage.db'));
  started = performance.now();
  seed(db, resolveSettings({ clock: () => Date.parse('2026-12-25T10:00:00+09:00') }));
  const second = performance.now() - started;
  t.same(counts(db), before, 'same rows after a second seeding, even on another day');
  t.ok(first < 2000, `first seeding ${first.toFixed(0)} ms`);
  t.ok(second < 500, `second seeding ${second.toFixed(0)} ms`);
  t.ok((before[1] ?? 0) >= 2000, 'at least 2,000 books');

  // Seeded activity obeys the caps and the ledger matches the activities.
  const over = db.prepare("SELECT member_id, month, sum(points) AS s FROM point_ledger WHERE entry_type = 'earn' GROUP BY 1, 2 HAVING s > 23750").all();
  t.same(over, []);
  const orphan = db.prepare("SELECT a.activity_id FROM activities a LEFT JOIN point_ledger l ON l.activity_id = a.activity_id AND l.entry_type = 'earn' WHERE l.entry_id IS NULL").all();
  t.same(orphan, []);
  db.close();
});
