/**
 * `npm run seed`: applies the migrations and seeds the reference homepage API's database
 * under DATA_DIR (default ./data/homepage.db). Idempotent: running it again changes nothing.
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '#server/homepage-api/store/db.ts';
import { seed } from '#server/homepage-api/seed/index.ts';

const dbFile = join(resolve(process.env['DATA_DIR'] ?? 'data'), 'homepage.db');
const started = performance.now();
const db = openDatabase(dbFile);
seed(db);
const counts = ['members', 'books', 'notices', 'regions', 'activities', 'point_ledger'].map((t) => {
  const row = db.prepare(`SELECT count(*) AS n FROM ${t}`).get();
  return `${t} ${String(row?.['n'])}`;
});
db.close();
console.log(`seeded ${dbFile} in ${Math.round(performance.now() - started)} ms: ${counts.join(', ')}`);
