/**
 * `npm run seed`: applies the migrations and seeds the reference homepage API's database:
 * PostgreSQL when DATABASE_URL is set, else the SQLite file under DATA_DIR (default
 * ./data/homepage.db). Idempotent: running it again changes nothing.
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '#server/homepage-api/store/db.ts';
import { seed } from '#server/homepage-api/seed/index.ts';

const dbFile = join(resolve(process.env['DATA_DIR'] ?? 'data'), 'homepage.db');
const url = process.env['DATABASE_URL'] || undefined;
const started = performance.now();
const db = await openDatabase({ file: dbFile, url });
try {
  await seed(db);
  const row = await db.prepare(
    `SELECT (SELECT count(*) FROM members) AS members, (SELECT count(*) FROM books) AS books,
            (SELECT count(*) FROM notices) AS notices, (SELECT count(*) FROM regions) AS regions,
            (SELECT count(*) FROM activities) AS activities, (SELECT count(*) FROM point_ledger) AS point_ledger`,
  ).get();
  const counts = Object.entries(row ?? {}).map(([t, n]) => `${t} ${String(n)}`);
  console.log(`seeded ${db.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : dbFile} in ${Math.round(performance.now() - started)} ms: ${counts.join(', ')}`);
} finally {
  await db.close();
}
