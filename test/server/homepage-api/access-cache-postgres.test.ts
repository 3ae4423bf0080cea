/**
 * Access-token checks kept in memory on PostgreSQL (decision 0156): two API instances on one
 * database. A kept check answers without the database; a sign-out on one instance is refused at
 * once there and on the other as soon as its commit is heard; a member changed by anyone's SQL
 * is heard by both; a lost listening connection is made again and heard through.
 */
import t from 'tap';
import pg from 'pg';
import { call, login, testApi } from './helpers.ts';
import { pgDatabaseUrl } from './store/helpers.ts';
import type { FastifyInstance } from 'fastify';
import { waitFor } from '#test/fixtures/wait.ts';

const status = async (app: FastifyInstance, token: string) => (await call(app, token, 'GET', '/user/info')).statusCode;

t.test('two instances keep checks and hear every change', async (t) => {
  const url = await pgDatabaseUrl();
  const a = await testApi({ databaseUrl: url });
  t.teardown(a.close);
  const b = await testApi({ databaseUrl: url });
  t.teardown(b.close);
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  t.teardown(() => sql.end());
  const cacheOf = (app: FastifyInstance) => {
    if (!app.accessCache) throw new Error('PostgreSQL keeps checks');
    return app.accessCache;
  };
  await waitFor('both instances listen', () => cacheOf(a.app).on && cacheOf(b.app).on);

  // Kept: B answers from memory a token whose row the database no longer has (no trigger on
  // access tokens: nothing is told), while A, which never checked it, reads the database.
  const first = await login(a.app);
  t.equal(await status(b.app, first.access_token), 200, 'B checks the token from A');
  t.equal(cacheOf(b.app).size, 1, 'and keeps the check');
  await sql.query("DELETE FROM access_tokens WHERE expires_at > 0 AND family_id = (SELECT max(family_id) FROM token_families)");
  t.equal(await status(b.app, first.access_token), 200, 'B answers from memory');
  t.equal(await status(a.app, first.access_token), 401, 'A reads the database: the token is gone');

  // A sign-out on A: refused on A at once, on B when the commit is heard.
  const second = await login(a.app);
  t.equal(await status(a.app, second.access_token), 200);
  t.equal(await status(b.app, second.access_token), 200);
  t.equal((await call(a.app, second.access_token, 'GET', '/common/token/logout')).statusCode, 200, 'signed out on A');
  t.equal(await status(a.app, second.access_token), 401, 'A refuses it at once (its own change)');
  await waitFor('B refuses the signed-out token', async () => (await status(b.app, second.access_token)) === 401);

  // Anyone's SQL on the member row is heard by both.
  const third = await login(b.app);
  t.equal(await status(a.app, third.access_token), 200);
  t.equal(await status(b.app, third.access_token), 200);
  await sql.query("UPDATE members SET status = 'withdrawn' WHERE user_id = 'reader01'");
  await waitFor('both refuse a withdrawn member', async () => (await status(a.app, third.access_token)) === 401 && (await status(b.app, third.access_token)) === 401);
  await sql.query("UPDATE members SET status = 'active' WHERE user_id = 'reader01'");
  await waitFor('both take the member back', async () => (await status(a.app, third.access_token)) === 200 && (await status(b.app, third.access_token)) === 200);

  // The listening connections cut: each instance connects again, and hears through.
  const cut = await sql.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'homepage-api listener'");
  t.equal(cut.rowCount, 2, 'two listening connections cut');
  await waitFor('both listen again', async () =>
    cacheOf(a.app).on && cacheOf(b.app).on &&
    Number((await sql.query("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'homepage-api listener'")).rows[0]?.n) === 2);
  t.equal(await status(b.app, third.access_token), 200);
  await sql.query("UPDATE members SET status = 'withdrawn' WHERE user_id = 'reader01'");
  await waitFor('B hears after listening again', async () => (await status(b.app, third.access_token)) === 401);
});
