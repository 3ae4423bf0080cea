/** The database span's name: `db.query.summary` from the statement (OpenTelemetry database conventions). */
import t from 'tap';
import { summarizeQuery } from '#server/homepage-api/store/query-summary.ts';
import { ACCESS_WITH_MEMBER } from '#server/homepage-api/store/tokens.ts';

t.test("the conventions' own examples", async (t) => {
  t.same(summarizeQuery('SELECT *\nFROM   wuser_table\nWHERE  username = ?'), { summary: 'SELECT wuser_table', operation: 'SELECT', collection: 'wuser_table' });
  t.same(summarizeQuery('INSERT INTO shipping_details (order_id, address) SELECT order_id, address FROM orders WHERE order_id = ?'), {
    summary: 'INSERT shipping_details SELECT orders',
    operation: undefined,
    collection: undefined,
  });
  t.same(summarizeQuery('SELECT * FROM songs, artists WHERE songs.artist_id == artists.id'), { summary: 'SELECT songs artists', operation: 'SELECT', collection: undefined });
  t.equal(summarizeQuery('SELECT order_date FROM (SELECT * FROM orders o JOIN customers c ON o.customer_id = c.customer_id)').summary, 'SELECT SELECT orders customers');
  t.equal(summarizeQuery(`SELECT * FROM "song list", 'artists'`).summary, 'SELECT "song list"', 'a quoted name is a table; a string literal is not');
});

t.test('a WITH clause: its names are not tables, its operations count', async (t) => {
  const read = summarizeQuery(`WITH a AS (${ACCESS_WITH_MEMBER}) SELECT a.*, s.* FROM a CROSS JOIN (SELECT sum(points) AS total FROM point_ledger WHERE member_id = (SELECT token_member_id FROM a)) s`);
  t.equal(read.summary, 'SELECT access_tokens token_families members SELECT SELECT point_ledger SELECT', 'the member read (one statement, decision 0137)');
  t.equal(read.operation, undefined, 'several operations: no db.operation.name');
  t.equal(read.collection, undefined, 'several tables: no db.collection.name');
  t.notMatch(read.summary, /\bWITH\b/, 'WITH is no operation');

  const write = summarizeQuery(`WITH pruned AS (DELETE FROM member_writes WHERE member_id = :m),
      logged AS MATERIALIZED (INSERT INTO member_writes (member_id, written_at) VALUES (:m, :until))
    SELECT count(*) AS n FROM member_writes WHERE member_id = :m`);
  t.same(write, { summary: 'DELETE member_writes INSERT member_writes SELECT member_writes', operation: undefined, collection: 'member_writes' });
});

t.test('what is skipped', async (t) => {
  t.equal(
    summarizeQuery(`INSERT INTO diaries (isbn) VALUES (:isbn) ON CONFLICT (isbn) DO UPDATE SET isbn = excluded.isbn -- FROM nowhere\n /* JOIN ghosts */`).summary,
    'INSERT diaries UPDATE',
    'comments; SET is no table',
  );
  t.equal(summarizeQuery("SELECT 'x FROM y' AS s FROM point_ledger l JOIN members m USING (member_id)").summary, 'SELECT point_ledger members', 'aliases and literals');
  t.same(summarizeQuery('UPDATE members SET status = ? WHERE member_id = ?'), { summary: 'UPDATE members', operation: 'UPDATE', collection: 'members' });
  t.same(summarizeQuery('PRAGMA foreign_keys = ON'), { summary: 'PRAGMA', operation: 'PRAGMA', collection: undefined }, 'another command');
  t.same(summarizeQuery('select 1'), { summary: 'select', operation: 'select', collection: undefined }, 'as written, not upper-cased');
  t.same(summarizeQuery('   '), { summary: '', operation: undefined, collection: undefined });
});

t.test('the summary stays short: cut at a word, at most 255 characters', async (t) => {
  const many = Array.from({ length: 60 }, (_, i) => `table_number_${i}`).join(', ');
  const s = summarizeQuery(`SELECT * FROM ${many}`).summary;
  t.ok(s.length <= 255 && s.length > 200, `${s.length} characters`);
  t.match(s, /^SELECT table_number_0 table_number_1 .* table_number_\d+$/);
});
