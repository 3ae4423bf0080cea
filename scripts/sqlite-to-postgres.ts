/**
 * `npm run db:to-postgres`: moves the reference API's SQLite file into PostgreSQL
 * (docs/operations.md, decision 0109). SQLITE_FILE (default DATA_DIR/homepage.db) →
 * DATABASE_URL. Both are migrated first; then, in one PostgreSQL transaction, every table is
 * copied in key order, the book search keys are rebuilt and the identity sequences continue
 * after the copied keys.
 *
 * Idempotent and careful: when every table already holds as many rows as the file, it was
 * moved — nothing to do (exit 0). When any table holds other rows, it refuses (exit 2) and
 * changes nothing. Values travel as parameters (one JSON array per batch); the only names in
 * the statements are the tables of the migrations, quoted.
 */
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { openDatabase, SYNC_IDENTITIES } from '#server/homepage-api/store/db.ts';
import { redactUrl } from '#server/homepage-api/store/postgres.ts';
import { fillBookKeys } from '#server/homepage-api/search/book-search.ts';

/** Every table of the programme, parents before children (book_keys is rebuilt, book_search is SQLite's index). */
const TABLES = [
  'notices', 'members', 'token_families', 'refresh_tokens', 'access_tokens', 'sso_tokens', 'codes', 'regions',
  'libraries', 'books', 'activities', 'point_ledger', 'member_points', 'diaries', 'reviews', 'loans', 'bookstores', 'purchases',
  'point_spends', 'author_talks', 'author_talk_checkins', 'edu_types', 'edu_certifications', 'challenges',
  'challenge_checkins', 'book_clubs', 'club_members', 'club_meetings', 'club_attendance', 'penalties', 'faqs',
  'newsletters', 'system_contents', 'seed_marks', 'push_states', 'push_subscriptions', 'push_sends', 'reading_goals',
  // A write's repeat within a day of the move still gets its first answer (decision 0141).
  'idempotency_keys',
] as const;

const BATCH = 1000;

/** A value as json_populate_recordset reads it: bytes as bytea's hex text. */
function jsonValue(v: unknown): unknown {
  if (v instanceof Uint8Array) return `\\x${Buffer.from(v).toString('hex')}`;
  if (typeof v === 'bigint') return v.toString();
  return v;
}

const url = process.env['DATABASE_URL'];
if (!url) {
  console.error('DATABASE_URL must name the PostgreSQL database to move into (postgres://…)');
  process.exit(1);
}
const file = resolve(process.env['SQLITE_FILE'] ?? join(process.env['DATA_DIR'] ?? 'data', 'homepage.db'));

// Both migrated to the newest schema (the file as the API would open it).
await (await openDatabase({ file })).close();
const target = await openDatabase({ file, url });
await target.close();

const source = new DatabaseSync(file, { readOnly: true });
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const counts = new Map<string, { from: number; to: number }>();
  for (const table of TABLES) {
    const t = pg.escapeIdentifier(table);
    const from = Number(source.prepare(`SELECT count(*) AS n FROM ${t}`).get()?.['n']);
    const to = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}`)).rows[0]?.n);
    counts.set(table, { from, to });
  }
  const filled = [...counts].filter(([, c]) => c.to > 0);
  if (filled.length > 0) {
    if ([...counts.values()].every((c) => c.to === c.from)) {
      console.log(`already moved: every table of ${redactUrl(url)} holds as many rows as ${file}; nothing to do`);
      process.exit(0);
    }
    console.error(`refusing to move ${file}: these tables of ${redactUrl(url)} already hold rows: ${filled.map(([t, c]) => `${t} (${c.to})`).join(', ')}`);
    process.exit(2);
  }

  const started = performance.now();
  await client.query('BEGIN');
  for (const table of TABLES) {
    const t = pg.escapeIdentifier(table);
    const insert = `INSERT INTO ${t} SELECT * FROM json_populate_recordset(NULL::${t}, $1::json)`;
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (batch.length > 0) await client.query(insert, [JSON.stringify(batch)]);
      batch = [];
    };
    for (const r of source.prepare(`SELECT * FROM ${t}`).iterate()) {
      batch.push(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, jsonValue(v)])));
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  }
  await client.query('COMMIT');
  // The search keys and the sequences, through the API's own code.
  const db = await openDatabase({ file, url });
  try {
    await db.transaction(async () => {
      await fillBookKeys(db);
      await db.exec(SYNC_IDENTITIES);
    });
  } finally {
    await db.close();
  }
  const moved = [...counts].reduce((n, [, c]) => n + c.from, 0);
  console.log(`moved ${moved} rows of ${TABLES.length} tables from ${file} to ${redactUrl(url)} in ${Math.round(performance.now() - started)} ms`);
} catch (err) {
  await client.query('ROLLBACK').catch(() => undefined);
  throw err;
} finally {
  await client.end();
  source.close();
}
