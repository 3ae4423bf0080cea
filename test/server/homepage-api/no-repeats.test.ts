/**
 * Decision 0113: requests past a limit are not stored. Thirty identical
 * diaries or reviews sent at once make one record, the others are refused with the reason in
 * Korean; a member has one review of a book and edits it; a member's activity writes past the
 * write rate are refused (429); all of it holds across two API processes on one file; and a
 * database that already holds repeats migrates without losing a row.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '#shared/messages-api.ts';
import { listMigrations, migrateSqlite, openDatabase } from '#server/homepage-api/store/db.ts';
import { PASSWORD, call, curatedBooks, freshMember, ledgerSum, login, onPostgres, post, runningFiguresHold, spawnApi, testApi } from './helpers.ts';

const LONG = 365 * 24 * 3600;
const BOOKS = curatedBooks().slice(140, 150).map((b) => b.isbn);
const ISBN = BOOKS[0] ?? '';
const ISBN2 = BOOKS[1] ?? '';
const REVIEW_TEXT = '한 문장 한 문장을 천천히 읽었다. '.repeat(12);

const count = async (app: FastifyInstance, sql: string, ...params: (string | number)[]) => Number((await app.db.prepare(sql).get(...params))?.['n']);
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort((a, b) => a - b);
const messagesOf = (answers: { statusCode: number; json(): { msg?: string } }[], status: number) =>
  [...new Set(answers.filter((a) => a.statusCode === status).map((a) => a.json().msg))];

t.test('30 identical diaries at once: one record; the other 29 answers say why', async (t) => {
  const api = await testApi({ settings: { accessTtlS: LONG } });
  t.teardown(api.close);
  const token = await freshMember(api.app);
  const body = { isbn: ISBN, content: '같은 책, 같은 날, 같은 내용의 일지' };
  const answers = await Promise.all(Array.from({ length: 30 }, () => call(api.app, token, 'POST', '/activity/bookdiary', body)));
  t.same(statuses(answers), [200, ...Array<number>(29).fill(409)]);
  t.same(messagesOf(answers, 409), [apiMessages.activity.diaryRepeat]);
  t.equal(apiMessages.activity.diaryRepeat, '오늘 이 책에 같은 내용의 독서일지를 이미 기록했습니다. 새로운 내용으로 입력해 주세요.');
  t.equal(await count(api.app, "SELECT count(*) AS n FROM activities WHERE member_id = 2 AND activity_type = 'diary'"), 1, 'one activity');
  t.equal(await count(api.app, 'SELECT count(*) AS n FROM diaries WHERE member_id = 2'), 1, 'one diary');
  t.equal(await count(api.app, "SELECT count(*) AS n FROM point_ledger WHERE member_id = 2 AND entry_type = 'earn'"), 1, 'one ledger entry');
  t.equal(await ledgerSum(api.app, 'reader02'), 200, 'the first diary’s points, once');

  // Not a repeat: another text, another book, another day (each recorded, earning what the rules say).
  const again = (b: object) => call(api.app, token, 'POST', '/activity/bookdiary', b);
  t.match((await again({ ...body, content: `${body.content}.` })).json(), { result: 'success', point_reason: 'daily_limit' }, 'another text');
  t.match((await again({ ...body, isbn: ISBN2 })).json(), { result: 'success' }, 'another book');
  t.match((await again({ ...body, read_pages: 12 })).json(), { result: 'error', msg: apiMessages.activity.diaryRepeat }, 'the pages read do not make it another diary');
  api.clock.advanceDays(1);
  t.match((await again(body)).json(), { result: 'success', points: 50 }, 'the next day');
  t.equal((await call(api.app, token, 'GET', '/activity/getbookdiaryinfolist')).json().total, 4);
  await runningFiguresHold(t, api.app.db);
});

t.test('30 identical reviews at once: one record; the others are told to edit theirs', async (t) => {
  const api = await testApi({ settings: { accessTtlS: LONG } });
  t.teardown(api.close);
  const token = await freshMember(api.app);
  const body = { isbn: ISBN, title: '천천히 읽은 책', content: REVIEW_TEXT, rating: 5 };
  const answers = await Promise.all(Array.from({ length: 30 }, () => call(api.app, token, 'POST', '/activity/bookreview', body)));
  t.same(statuses(answers), [200, ...Array<number>(29).fill(409)]);
  t.same(messagesOf(answers, 409), [apiMessages.activity.reviewExists]);
  t.equal(apiMessages.activity.reviewExists, '이 책의 서평을 이미 썼습니다. 서평은 책마다 하나만 쓸 수 있으니 나의 서평에서 기존 서평을 수정해 주세요.');
  t.equal(await count(api.app, 'SELECT count(*) AS n FROM reviews WHERE member_id = 2'), 1);
  t.equal(await count(api.app, "SELECT count(*) AS n FROM activities WHERE member_id = 2 AND activity_type = 'review'"), 1);
  t.equal(await ledgerSum(api.app, 'reader02'), 500);

  // Any second review of the book, whatever it says, later too.
  api.clock.advanceDays(3);
  const other = await call(api.app, token, 'POST', '/activity/bookreview', { ...body, title: '다시 읽고', content: `${REVIEW_TEXT}다시.`, rating: 3 });
  t.same([other.statusCode, other.json().msg], [409, apiMessages.activity.reviewExists]);
  t.match((await call(api.app, token, 'POST', '/activity/bookreview', { ...body, isbn: ISBN2 })).json(), { result: 'success', points: 500 }, 'another book');
  const page = (await call(api.app, undefined, 'GET', `/book/${ISBN}/reviews`)).json();
  t.equal(page.review_list.filter((r: { user_name: string }) => r.user_name === '이*호').length, 1, 'one review of the member on the book’s page');
  await runningFiguresHold(t, api.app.db);
});

t.test('editing one’s own review: title, text and rating change; the book, the date and the points do not', async (t) => {
  const api = await testApi({ start: '2026-11-10T10:00:00+09:00', settings: { accessTtlS: LONG } });
  t.teardown(api.close);
  const token = await freshMember(api.app);
  const reader01 = (await login(api.app, 'reader01')).access_token;
  const written = (await call(api.app, token, 'POST', '/activity/bookreview', { isbn: ISBN, title: '처음 쓴 서평', content: REVIEW_TEXT, rating: 2 })).json();
  const balance = await ledgerSum(api.app, 'reader02');
  const key = written.activity_key as number;

  api.clock.set('2026-11-12T09:30:00+09:00');
  const edited = await call(api.app, token, 'PUT', `/activity/bookreview/${key}`, { title: '다시 쓴 서평', content: `${REVIEW_TEXT}고쳐 씀.`, rating: 4 });
  t.equal(edited.statusCode, 200, edited.body);
  t.match(edited.json(), {
    result: 'success',
    msg: apiMessages.activity.reviewUpdated,
    review: {
      activity_key: key, isbn: ISBN, title: '다시 쓴 서평', content: `${REVIEW_TEXT}고쳐 씀.`, rating: 4, points: 500,
      activity_date: '2026-11-10', reg_date: '2026-11-10T10:00:00+09:00', mod_date: '2026-11-12T09:30:00+09:00',
    },
  });
  t.equal(await ledgerSum(api.app, 'reader02'), balance, 'no points for an edit');
  t.match((await call(api.app, token, 'GET', '/activity/getbookreviewinfolist')).json(), { total: 1, review_list: [{ title: '다시 쓴 서평', mod_date: '2026-11-12T09:30:00+09:00' }] });
  t.match((await call(api.app, undefined, 'GET', `/book/${ISBN}/reviews`)).json().review_list, [{ review_key: key, title: '다시 쓴 서평', rating: 4 }]);
  t.match((await call(api.app, undefined, 'GET', `/book/${ISBN}`)).json(), { review_count: 1, average_rating: 4 });

  const refused = async (label: string, tok: string | undefined, url: string, b: object, status: number, msg: string) => {
    const r = await call(api.app, tok, 'PUT', url, b);
    t.same([r.statusCode, r.json().msg], [status, msg], label);
  };
  const fine = { title: '남이 고친 서평', content: REVIEW_TEXT, rating: 1 };
  await refused('another member’s review', reader01, `/activity/bookreview/${key}`, fine, 404, apiMessages.activity.reviewNotFound);
  await refused('a review that does not exist', token, '/activity/bookreview/999999', fine, 404, apiMessages.activity.reviewNotFound);
  await refused('a diary is no review', token, `/activity/bookreview/${(await call(api.app, token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '일지' })).json().activity_key}`, fine, 404, apiMessages.activity.reviewNotFound);
  await refused('too short', token, `/activity/bookreview/${key}`, { ...fine, content: '짧다' }, 400, apiMessages.activity.reviewLength(200, 1000));
  await refused('the book cannot change', token, `/activity/bookreview/${key}`, { ...fine, isbn: ISBN2 }, 400, apiMessages.validation.unknownField('isbn'));
  t.equal((await call(api.app, undefined, 'PUT', `/activity/bookreview/${key}`, fine)).statusCode, 401, 'signed in only');
  t.equal((await call(api.app, token, 'GET', '/activity/getbookreviewinfolist')).json().review_list[0].title, '다시 쓴 서평', 'refused edits changed nothing');
});

t.test('a member’s activity writes past the rate are refused (429) and not stored', async (t) => {
  const api = await testApi({ start: '2026-11-10T10:00:00+09:00', settings: { accessTtlS: LONG } });
  t.teardown(api.close);
  const token = await freshMember(api.app);
  const diary = (i: number) => call(api.app, token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: `일지 ${i}` });
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => diary(i)));
  t.same(statuses(answers), [...Array<number>(10).fill(200), ...Array<number>(20).fill(429)], 'ten a minute (the default)');
  t.same(messagesOf(answers, 429), [apiMessages.activity.tooManyWrites(10)]);
  t.equal(apiMessages.activity.tooManyWrites(10), '활동 기록은 1분에 10번까지 할 수 있습니다. 잠시 후 다시 시도해 주세요.');
  t.same([...new Set(answers.filter((a) => a.statusCode === 429).map((a) => a.headers['retry-after']))], ['60'], 'Retry-After: when the oldest write leaves the minute');
  t.equal(await count(api.app, "SELECT count(*) AS n FROM activities WHERE member_id = 2"), 10, 'the refused writes stored nothing');

  // Every activity write counts, edits of a review too; other members are not held back.
  const review = await call(api.app, token, 'POST', '/activity/bookreview', { isbn: ISBN, title: '서평', content: REVIEW_TEXT, rating: 3 });
  t.equal(review.statusCode, 429);
  const loan = await call(api.app, token, 'POST', '/activity/authentication/loan', { loan_no: 'RATE-1', isbn: ISBN, library_code: '4311101', loan_date: '2026-11-10' });
  t.equal(loan.statusCode, 429);
  const reader01 = (await login(api.app, 'reader01')).access_token;
  t.equal((await call(api.app, reader01, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '다른 회원' })).statusCode, 200);

  api.clock.advance(45);
  const later = await diary(100);
  t.same([later.statusCode, later.headers['retry-after']], [429, '15'], '45 s later: 15 s to wait');
  api.clock.advance(15);
  t.equal((await diary(101)).statusCode, 200, 'a minute after: room again');
  const key = (await call(api.app, token, 'POST', '/activity/bookreview', { isbn: ISBN, title: '서평', content: REVIEW_TEXT, rating: 3 })).json().activity_key as number;
  for (let i = 0; i < 8; i++) t.equal((await call(api.app, token, 'PUT', `/activity/bookreview/${key}`, { title: `고침 ${i}`, content: REVIEW_TEXT, rating: 3 })).statusCode, 200);
  const tenth = await call(api.app, token, 'PUT', `/activity/bookreview/${key}`, { title: '열한 번째', content: REVIEW_TEXT, rating: 3 });
  t.same([tenth.statusCode, tenth.json().msg], [429, apiMessages.activity.tooManyWrites(10)], 'edits count as writes');
});

t.test('two API processes on one file: repeats, second reviews and the write rate hold across them', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'api-no-repeats-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const env = { ACCESS_TOKEN_TTL_S: '3600' };
  const started = await Promise.allSettled([spawnApi(dir, env), spawnApi(dir, env)]);
  t.teardown(() => {
    for (const s of started) if (s.status === 'fulfilled' && s.value.child.exitCode === null) s.value.child.kill('SIGKILL');
  });
  const bases = started.map((s) => {
    if (s.status === 'rejected') throw s.reason;
    return `${s.value.url}/api/v1/homepage`;
  });
  const base = (i: number) => bases[i % 2] ?? '';
  const signedIn = await post(`${base(0)}/auth/login`, undefined, { user_id: 'reader02', user_pass: PASSWORD });
  const token = String(signedIn.body['access_token']);
  t.equal((await post(`${base(1)}/user/info`, token, { agree_yn: 'Y' })).status, 200);
  const burst = (path: string, body: (i: number) => object) => Promise.all(Array.from({ length: 30 }, (_, i) => post(`${base(i)}${path}`, token, body(i))));
  const sorted = (rs: { status: number }[]) => rs.map((r) => r.status).sort((a, b) => a - b);

  const first = Date.now();
  const diaries = await burst('/activity/bookdiary', () => ({ isbn: ISBN, content: '두 프로세스에 같은 일지' }));
  t.same(sorted(diaries), [200, ...Array<number>(29).fill(409)], 'one diary');
  t.ok(diaries.filter((r) => r.status === 409).every((r) => r.body['msg'] === apiMessages.activity.diaryRepeat));
  const reviews = await burst('/activity/bookreview', () => ({ isbn: ISBN, title: '두 프로세스', content: REVIEW_TEXT, rating: 4 }));
  t.same(sorted(reviews), [200, ...Array<number>(29).fill(409)], 'one review');
  t.ok(reviews.filter((r) => r.status === 409).every((r) => r.body['msg'] === apiMessages.activity.reviewExists));
  const many = await burst('/activity/bookdiary', (i) => ({ isbn: ISBN2, content: `서로 다른 일지 ${i}` }));
  const stored = many.filter((r) => r.status === 200).length;
  if (Date.now() - first < 55_000) t.equal(stored, 8, 'ten writes a minute across both processes: two already made, eight more');
  else t.ok(stored >= 8 && stored <= 10, `a slow machine: ${stored} stored`);
  t.ok(many.filter((r) => r.status === 429).every((r) => r.body['msg'] === apiMessages.activity.tooManyWrites(10)));

  for (const s of started) if (s.status === 'fulfilled') s.value.child.kill('SIGTERM');
  await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.exited : undefined)));
  const db = await openDatabase(join(dir, 'homepage.db'));
  try {
    const n = async (sql: string) => Number((await db.prepare(sql).get())?.['n']);
    t.equal(await n('SELECT count(*) AS n FROM reviews WHERE member_id = 2'), 1);
    t.equal(await n('SELECT count(*) AS n FROM diaries WHERE member_id = 2'), 1 + stored);
    t.equal(await n('SELECT count(*) AS n FROM activities WHERE member_id = 2'), 2 + stored, 'nothing refused was stored');
    await runningFiguresHold(t, db);
  } finally {
    await db.close();
  }
});

/** A write as the API before migration 0008 stored it: the activity, its ledger entry, its detail row without the new columns. */
function oldWrite(db: DatabaseSync, w: { memberId: number; type: 'diary' | 'review'; isbn: string; day: string; points: number; detail: string }): number {
  const at = `${w.day}T20:00:00+09:00`;
  const id = Number(
    db.prepare(
      `INSERT INTO activities (member_id, activity_type, isbn, points, point_reason, day, month, created_at, activity_date)
       VALUES (?, ?, ?, ?, 'awarded', ?, ?, ?, ?) RETURNING activity_id`,
    ).get(w.memberId, w.type, w.isbn, w.points, w.day, w.day.slice(0, 7), at, w.day)?.['activity_id'],
  );
  db.prepare(
    `INSERT INTO point_ledger (member_id, entry_type, activity_id, points, reason, day, month, year, created_at)
     VALUES (?, 'earn', ?, ?, 'awarded', ?, ?, ?, ?)`,
  ).run(w.memberId, id, w.points, w.day, w.day.slice(0, 7), w.day.slice(0, 4), at);
  if (w.type === 'diary') db.prepare('INSERT INTO diaries (activity_id, isbn, content, read_pages) VALUES (?, ?, ?, NULL)').run(id, w.isbn, w.detail);
  else db.prepare('INSERT INTO reviews (activity_id, isbn, title, content, rating) VALUES (?, ?, ?, ?, 4)').run(id, w.isbn, w.detail, REVIEW_TEXT);
  return id;
}

const columnsOf = (db: DatabaseSync, table: string) => db.prepare(`PRAGMA table_info(${table})`).all().map((c) => ({ ...c }));

// SQLite file surgery (the shape before migration 0008): PostgreSQL gets the same rules from migrations-pg/0008.
const onSqliteOnly = onPostgres() ? { skip: 'a SQLite file taken back to migration 0007' } : {};
t.test('a database that already holds repeats migrates without losing a row; the oldest stays canonical', onSqliteOnly, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'api-migrate-0008-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'homepage.db');
  const start = '2026-11-21T10:00:00+09:00';

  // A seeded database, taken back to the shape of migration 0007 (what the API stored before),
  // without the running point figures of migration 0013 either: it fills them from this ledger.
  const seeded = await testApi({ dbFile: file, start });
  await seeded.close();
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true });
  db.exec(`DROP INDEX diaries_no_repeats; DROP INDEX reviews_one_per_book; DROP TABLE member_writes;
    ALTER TABLE diaries DROP COLUMN repeat_of; ALTER TABLE diaries DROP COLUMN written_on; ALTER TABLE diaries DROP COLUMN member_id;
    ALTER TABLE reviews DROP COLUMN edited_at; ALTER TABLE reviews DROP COLUMN repeat_of; ALTER TABLE reviews DROP COLUMN member_id;
    DROP TABLE member_points; DROP INDEX activities_member_type_month_earned; DROP INDEX activities_member_type_month;
    CREATE INDEX activities_member_type_month ON activities (member_id, activity_type, month);
    DELETE FROM schema_migrations WHERE version IN (8, 13, 15)`);
  const v7 = new DatabaseSync(':memory:');
  migrateSqlite(v7, listMigrations().filter((m) => m.version <= 7));
  t.same(columnsOf(db, 'diaries'), columnsOf(v7, 'diaries'), 'diaries as migration 0007 made them');
  t.same(columnsOf(db, 'reviews'), columnsOf(v7, 'reviews'), 'reviews as migration 0007 made them');
  v7.close();

  // The repeats the old API let through: reader02 (member 2) sent one diary three times and
  // reviewed one book three times; reader01 reviewed its seeded book again.
  const diary = { memberId: 2, type: 'diary' as const, isbn: ISBN, day: '2026-11-20', points: 50, detail: '세 번 보낸 일지' };
  const diaryIds = [oldWrite(db, { ...diary, points: 200 }), oldWrite(db, diary), oldWrite(db, diary)];
  const otherDiary = oldWrite(db, { ...diary, detail: '다른 일지' });
  const review = { memberId: 2, type: 'review' as const, isbn: ISBN2, day: '2026-11-18', points: 500, detail: '첫 서평' };
  const reviewIds = [oldWrite(db, review), oldWrite(db, { ...review, day: '2026-11-19', detail: '두 번째 서평' }), oldWrite(db, { ...review, day: '2026-11-20', points: 0, detail: '세 번째 서평' })];
  const reader01Book = String(db.prepare('SELECT r.isbn FROM reviews r JOIN activities a USING (activity_id) WHERE a.member_id = 1').get()?.['isbn']);
  const reader01Again = oldWrite(db, { memberId: 1, type: 'review', isbn: reader01Book, day: '2026-11-20', points: 500, detail: '같은 책 다시' });
  const tables = ['activities', 'diaries', 'reviews', 'point_ledger'];
  const countsNow = (d: DatabaseSync) => tables.map((name) => Number(d.prepare(`SELECT count(*) AS n FROM ${name}`).get()?.['n']));
  const counts = async (d: FastifyInstance['db']) => Promise.all(tables.map(async (name) => Number((await d.prepare(`SELECT count(*) AS n FROM ${name}`).get())?.['n'])));
  const before = countsNow(db);
  const balances = [1, 2].map((m) => Number(db.prepare('SELECT sum(points) AS n FROM point_ledger WHERE member_id = ?').get(m)?.['n']));
  db.close();

  // The new API starts on it: migration 0008 runs.
  const api = await testApi({ dbFile: file, start, settings: { accessTtlS: LONG } });
  t.teardown(api.close);
  t.same(await counts(api.app.db), before, 'not a row lost');
  t.same(await Promise.all([1, 2].map(async (m) => Number((await api.app.db.prepare('SELECT sum(points) AS n FROM point_ledger WHERE member_id = ?').get(m))?.['n']))), balances, 'balances as they were');
  await runningFiguresHold(t, api.app.db);
  t.same(await Promise.all([1, 2].map((m) => api.app.stores.points.balance(m))), balances, 'the running balances filled from the ledger');
  const marks = (table: string, ids: number[]) =>
    Promise.all(ids.map(async (id) => (await api.app.db.prepare(`SELECT repeat_of FROM ${table} WHERE activity_id = ?`).get(id))?.['repeat_of'] ?? null));
  t.same(await marks('diaries', [...diaryIds, otherDiary]), [null, diaryIds[0], diaryIds[0], null], 'the oldest diary canonical, its copies marked');
  t.same(await marks('reviews', reviewIds), [null, reviewIds[0], reviewIds[0]], 'the oldest review canonical, the later ones marked');
  t.same(await marks('reviews', [reader01Again]), [await api.app.stores.activities.reviewOfBook(1, reader01Book)], 'reader01’s second review marked');
  t.equal(await count(api.app, 'SELECT count(*) AS n FROM diaries WHERE member_id = 0 OR written_on = \'\''), 0, 'every diary has its member and day');
  t.equal(await count(api.app, 'SELECT count(*) AS n FROM reviews WHERE member_id = 0'), 0, 'every review has its member');

  // The member still sees everything; the book's page shows one review per member.
  const token = await freshMember(api.app);
  t.equal((await call(api.app, token, 'GET', `/activity/getbookdiaryinfolist?isbn=${ISBN}`)).json().total, 4);
  t.same((await call(api.app, token, 'GET', '/activity/getbookreviewinfolist')).json().review_list.map((r: { activity_key: number }) => r.activity_key), [...reviewIds].reverse());
  const page = (await call(api.app, undefined, 'GET', `/book/${ISBN2}/reviews`)).json();
  t.match(page, { total: 1, review_list: [{ review_key: reviewIds[0], title: '첫 서평' }] });
  t.match((await call(api.app, undefined, 'GET', `/book/${ISBN2}`)).json(), { review_count: 1 });

  // From now on the rules hold for what was stored before too, and the canonical review can be edited.
  api.clock.set('2026-11-20T21:00:00+09:00');
  const repeat = await call(api.app, token, 'POST', '/activity/bookdiary', { isbn: ISBN, content: '세 번 보낸 일지' });
  t.same([repeat.statusCode, repeat.json().msg], [409, apiMessages.activity.diaryRepeat]);
  const second = await call(api.app, token, 'POST', '/activity/bookreview', { isbn: ISBN2, title: '네 번째', content: REVIEW_TEXT, rating: 5 });
  t.same([second.statusCode, second.json().msg], [409, apiMessages.activity.reviewExists]);
  const edit = await call(api.app, token, 'PUT', `/activity/bookreview/${reviewIds[0]}`, { title: '고친 첫 서평', content: REVIEW_TEXT, rating: 5 });
  t.match(edit.json(), { review: { title: '고친 첫 서평', points: 500 } });
  t.match((await call(api.app, undefined, 'GET', `/book/${ISBN2}/reviews`)).json().review_list, [{ title: '고친 첫 서평' }]);
  await runningFiguresHold(t, api.app.db);
});
