/**
 * Two API instances starting on one PostgreSQL database take turns to seed it (SEED_LOCK): the
 * second waits for the first's whole seed. That wait is not a request's statement: on a loaded
 * machine it outlasted the pool's statement and read timeouts, and the stack test's second API
 * instance was cancelled at start ("canceling statement due to statement timeout"). Here the
 * timeouts are a fraction of a second and another connection holds the lock for longer: the
 * seed waits and succeeds.
 */
import t from 'tap';
import pg from 'pg';
import { openPostgres } from '#server/homepage-api/store/postgres.ts';
import { seed } from '#server/homepage-api/seed/index.ts';
import { waitFor } from '#test/fixtures/wait.ts';
import { testCluster } from './helpers.ts';

const TIMEOUTS = { statementMs: 300, queryMs: 500 };

t.test('a seed waiting for another instance\'s seed outlasts the statement and read timeouts', async (t) => {
  const cluster = await testCluster();
  const url = await cluster.createDatabase();
  const db = await openPostgres(url, { timeouts: TIMEOUTS, poolMax: 2 });
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  t.teardown(async () => {
    await other.end().catch(() => undefined);
    await db.close();
  });

  // The other instance is seeding: it holds the seed's lock in its transaction.
  await other.query('BEGIN');
  await other.query('SELECT pg_advisory_xact_lock(4857301119)');
  const seeding = seed(db).then(
    () => 'seeded',
    (err: unknown) => `failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  // Until the waiting seed has waited well past both timeouts (read from the server, not slept;
  // the holder's transaction would see one snapshot of pg_stat_activity, so a clear one is asked).
  const waitedMs = async () => {
    await other.query('SELECT pg_stat_clear_snapshot()');
    const r = await other.query<{ ms: number }>(
      `SELECT (extract(epoch FROM clock_timestamp() - query_start) * 1000)::float8 AS ms FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND query LIKE '%pg_advisory_xact_lock%' AND pid <> pg_backend_pid()`,
    );
    return r.rows[0]?.ms ?? 0;
  };
  const waited = waitFor('the seed to wait past its timeouts', async () => (await waitedMs()) > 3 * TIMEOUTS.queryMs).then(() => 'waiting');
  t.equal(await Promise.race([seeding, waited]), 'waiting', 'the seed is still waiting, past both timeouts');
  await other.query('COMMIT');
  t.equal(await seeding, 'seeded', 'the seed runs once the lock is free');
});
