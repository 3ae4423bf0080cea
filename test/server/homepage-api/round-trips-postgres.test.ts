/**
 * The hot paths on PostgreSQL stay few statements and few round trips (decision 0137):
 * every query the `pg` client sends during a member read (GET /user/point, 나의 활동's statistics,
 * a page of a member's list) and an earning write
 * (POST /activity/bookdiary, also with an Idempotency-Key and its repeat) is counted (test/fixtures/pg-statements.ts), and the counts are
 * asserted exactly — not a time. A change that adds a statement to these requests fails here:
 * look at the texts sent (the failure lists them), and either fold it into one that is there or change the
 * count with a reason in decision 0137. A token's check is kept once read (decision 0156): a
 * member's first call after it reads the token, the next ones do not.
 */
import t from 'tap';
import { P, call, curatedBooks, login, testApi } from './helpers.ts';
import { pgDatabaseUrl } from './store/helpers.ts';
import { countPgStatements } from '#test/fixtures/pg-statements.ts';
import { waitFor } from '#test/fixtures/wait.ts';

t.test('a member read and an earning write: statements and round trips per request', async (t) => {
  const api = await testApi({ databaseUrl: await pgDatabaseUrl(), settings: { rules: { writesPerMinute: 1000 } } });
  t.teardown(() => api.close());
  const { access_token: token } = await login(api.app, 'reader01');
  // Checks are kept only while the instance listens for sign-in changes (decision 0156).
  await waitFor('the API listens', () => api.app.accessCache?.on === true, 15_000);
  const isbn = curatedBooks()[130]?.isbn ?? '';
  const counter = countPgStatements();
  t.teardown(() => counter.stop());

  const per = async (label: string, send: () => Promise<number>, statements: number, trips: number) => {
    counter.reset();
    t.equal(await send(), 200, `${label}: answered`);
    t.equal(counter.statements(), statements, `${label}: ${statements} statements`, { texts: counter.texts() });
    t.equal(counter.roundTrips(), trips, `${label}: ${trips} round trips`);
  };

  // The token with its member and the point summary: one statement (no transaction: one snapshot).
  for (let i = 0; i < 3; i++) await per('GET /user/point', async () => (await call(api.app, token, 'GET', '/user/point')).statusCode, 1, 1);

  // 나의 활동's statistics: the months, the types, the books and the goal in one statement
  // (decision 0159; five before), after the token's check (read the first time, then kept).
  const statistics = async () => (await call(api.app, token, 'GET', '/activity/getuserstatistics')).statusCode;
  await per('GET /activity/getuserstatistics, the token read', statistics, 2, 2);
  await per('GET /activity/getuserstatistics, the token kept', statistics, 1, 1);
  // A page of a member's list and its count: one statement (decision 0159); past the end, where
  // no row can carry the count, it runs alone.
  for (const path of ['/activity/getbookdiaryinfolist', '/activity/getbookactivityinfolist', '/user/point/list', '/user/penalty/list']) {
    await per(`GET ${path}`, async () => (await call(api.app, token, 'GET', `${path}?page=1&size=10`)).statusCode, 1, 1);
    await per(`GET ${path}, past the end`, async () => (await call(api.app, token, 'GET', `${path}?page=999&size=10`)).statusCode, 2, 2);
  }

  // The token's check kept (decision 0156; read once more it is one statement and one trip
  // more); the book; then BEGIN, the member's lock and the write's count and log in one trip;
  // the lock again (held) and the rules' reads in one trip; the activity with its ledger row;
  // the diary; COMMIT.
  const diary = (n: number) => async () => (await call(api.app, token, 'POST', `${P}/activity/bookdiary`, { isbn, content: `왕복 세기 ${n}` })).statusCode;
  for (let i = 0; i < 3; i++) await per('POST /activity/bookdiary, the token kept', diary(i), 8, 3);

  // With an Idempotency-Key (decision 0141): two trips more. The transaction's first trip is
  // BEGIN, the key's lock and the key's read, which the write waits for (a key already answered
  // runs nothing); the answer is kept before COMMIT. A repeat: BEGIN, the lock and the read, then
  // COMMIT (the token's check kept).
  const keyed = (n: number) => async () =>
    (await api.app.inject({ method: 'POST', url: `${P}/activity/bookdiary`, headers: { authorization: `Bearer ${token}`, 'idempotency-key': `trips-${n}` }, payload: { isbn, content: `키 왕복 ${n}` } })).statusCode;
  for (let i = 0; i < 3; i++) await per('POST /activity/bookdiary with a new key', keyed(i), 11, 5);
  for (let i = 0; i < 3; i++) await per('POST /activity/bookdiary, its repeat', keyed(i), 4, 2);

});
