/**
 * The hot paths on PostgreSQL stay few statements and few round trips (decision 0137):
 * every query the `pg` client sends during a member read (GET /user/point) and an earning write
 * (POST /activity/bookdiary, also with an Idempotency-Key and its repeat) is counted (test/fixtures/pg-statements.ts), and the counts are
 * asserted exactly — not a time. A change that adds a statement to these requests fails here:
 * look at the texts sent (the failure lists them), and either fold it into one that is there or change the
 * count with a reason in decision 0137.
 */
import t from 'tap';
import { P, call, curatedBooks, login, testApi } from './helpers.ts';
import { pgDatabaseUrl } from './store/helpers.ts';
import { countPgStatements } from '#test/fixtures/pg-statements.ts';

t.test('a member read and an earning write: statements and round trips per request', async (t) => {
  const api = await testApi({ databaseUrl: await pgDatabaseUrl(), settings: { rules: { writesPerMinute: 1000 } } });
  t.teardown(() => api.close());
  const { access_token: token } = await login(api.app, 'reader01');
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

  // The token with its member; the book; then BEGIN, the member's lock and the write's count
  // and log in one trip; the lock again (held) and the rules' reads in one trip; the activity
  // with its ledger row; the diary; COMMIT.
  const diary = (n: number) => async () => (await call(api.app, token, 'POST', `${P}/activity/bookdiary`, { isbn, content: `왕복 세기 ${n}` })).statusCode;
  for (let i = 0; i < 3; i++) await per('POST /activity/bookdiary', diary(i), 9, 4);

  // With an Idempotency-Key (decision 0141): two trips more. The transaction's first trip is
  // BEGIN, the key's lock and the key's read, which the write waits for (a key already answered
  // runs nothing); the answer is kept before COMMIT. A repeat: the token, then BEGIN, the lock and
  // the read, then COMMIT.
  const keyed = (n: number) => async () =>
    (await api.app.inject({ method: 'POST', url: `${P}/activity/bookdiary`, headers: { authorization: `Bearer ${token}`, 'idempotency-key': `trips-${n}` }, payload: { isbn, content: `키 왕복 ${n}` } })).statusCode;
  for (let i = 0; i < 3; i++) await per('POST /activity/bookdiary with a new key', keyed(i), 12, 6);
  for (let i = 0; i < 3; i++) await per('POST /activity/bookdiary, its repeat', keyed(i), 5, 3);

});
