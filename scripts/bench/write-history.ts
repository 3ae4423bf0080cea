/**
 * The members of the bench's history row (issue 41, decision 0146): does an earning write slow
 * with the member's history? On a running API's database (SQLite file or PostgreSQL), it adds
 * members copied from reader01 (same password, terms agreed): "new" ones with no activity, and
 * "long-time" ones with `rows` diaries and their ledger rows already stored. The history is put
 * where the earning rules look hardest: all in this Seoul month, earlier days first (a look at
 * "today" or "this month" that walked the member's rows would walk them all), one diary a day
 * earning 50 points and the rest 0, as the once-a-day rule leaves them. Written set-wise, so
 * 10,000 rows take a second, not the minutes the API would take; the running figures are filled
 * from those rows as migration 0013 fills them.
 */
import { openDatabase, type Database } from '#server/homepage-api/store/db.ts';
import { seoulDay } from '#server/homepage-api/time.ts';

export interface BenchMember {
  userId: string;
  memberId: number;
}

const copyMember = `INSERT INTO members (user_id, user_no, user_key, user_name, password_hash, birth_year, status, valid_until,
    agree_yn, agree_date, province_code, city_code, town_code, created_at, updated_at)
  SELECT :uid, :uno, :ukey, user_name, password_hash, birth_year, 'active', valid_until, 'Y', coalesce(agree_date, created_at),
         province_code, city_code, town_code, created_at, updated_at
    FROM members WHERE user_id = 'reader01' RETURNING member_id`;

// Row i of n is dated day floor(i × days / n) of the month: earlier days first, as written.
const dayOf = {
  sqlite: "date(:start, '+' || (i * :days / :rows) || ' days')",
  postgres: "to_char(CAST(:start AS date) + CAST(i * :days / :rows AS integer), 'YYYY-MM-DD')",
};
const historySql = (dialect: 'sqlite' | 'postgres') => `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < :rows - 1)
  INSERT INTO activities (member_id, activity_type, isbn, points, point_reason, day, month, created_at, activity_date)
  SELECT :m, 'diary', :isbn, CASE WHEN i % (:rows / :days) = 0 THEN 50 ELSE 0 END, CASE WHEN i % (:rows / :days) = 0 THEN 'awarded' ELSE 'daily_limit' END,
         d.day, :month, d.day || 'T12:00:00+09:00', d.day
    FROM (SELECT i, ${dayOf[dialect]} AS day FROM n) d`;

/** Adds `fresh` new members and `longTime` members with `rows` diaries each of this month, before the API's clock's today. */
export async function addBenchMembers(db: Database, opts: { prefix: string; fresh: number; longTime: number; rows: number; isbn: string }): Promise<{ fresh: BenchMember[]; longTime: BenchMember[] }> {
  const today = seoulDay(Date.now());
  const start = `${today.slice(0, 7)}-01`;
  const days = Number(today.slice(8, 10));
  const member = db.prepare(copyMember);
  const history = db.prepare({ sqlite: historySql('sqlite'), postgres: historySql('postgres') });
  const ledger = db.prepare(`INSERT INTO point_ledger (member_id, entry_type, activity_id, points, reason, day, month, year, created_at)
    SELECT member_id, 'earn', activity_id, points, point_reason, day, month, substr(month, 1, 4), created_at FROM activities WHERE member_id = ?`);
  const diaries = db.prepare(`INSERT INTO diaries (activity_id, isbn, content, read_pages, member_id, written_on)
    SELECT activity_id, isbn, 'history ' || CAST(activity_id AS TEXT), NULL, member_id, day FROM activities WHERE member_id = ?`);
  const running = db.prepare(`INSERT INTO member_points (member_id, month, year, entry_type, points)
    SELECT member_id, month, year, entry_type, sum(points) FROM point_ledger WHERE member_id = ? GROUP BY member_id, month, year, entry_type HAVING sum(points) <> 0`);
  let n = 0;
  const add = async (kind: string, withHistory: boolean): Promise<BenchMember> => {
    const userId = `${opts.prefix}${kind}${++n}`;
    const r = await member.get({ uid: userId, uno: `B${opts.prefix}${kind}${n}`, ukey: `BK${opts.prefix}${kind}${n}` });
    const memberId = Number(r?.['member_id']);
    if (withHistory) {
      await history.run({ m: memberId, isbn: opts.isbn, rows: opts.rows, days, start, month: today.slice(0, 7) });
      await ledger.run(memberId);
      await diaries.run(memberId);
      await running.run(memberId);
    }
    return { userId, memberId };
  };
  return await db.transaction(async () => {
    const fresh: BenchMember[] = [];
    const longTime: BenchMember[] = [];
    for (let i = 0; i < opts.fresh; i++) fresh.push(await add('n', false));
    for (let i = 0; i < opts.longTime; i++) longTime.push(await add('h', true));
    return { fresh, longTime };
  });
}

/** The same, on the database at `url` (PostgreSQL) or in the SQLite `file` a running API holds. */
export async function addBenchMembersTo(where: { file: string; url?: string }, opts: Parameters<typeof addBenchMembers>[1]) {
  const db = await openDatabase(where);
  try {
    return await addBenchMembers(db, opts);
  } finally {
    await db.close();
  }
}
