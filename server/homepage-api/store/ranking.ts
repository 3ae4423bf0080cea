/**
 * The monthly ranking (docs/product.md §7 /activity/ranking): active members by the points they
 * earned less what was clawed back in a month, and one member's place. Part of the activity
 * store (activities.ts).
 */
import type { Database } from './dialect.ts';
import { count, int, limits, str, strOrNull, type Limit, type Listed, type Row } from './rows.ts';

export interface RankingRow {
  rank: number;
  memberId: number;
  userName: string;
  cityCode: string | null;
  points: number;
  activityCount: number;
}

export function rankingStore(db: Database) {
  const rankedTotals = `WITH totals AS (
      SELECT l.member_id, sum(l.points) AS pts, count(DISTINCT l.activity_id) FILTER (WHERE l.entry_type = 'earn') AS cnt
        FROM point_ledger l JOIN members m ON m.member_id = l.member_id
       WHERE l.month = :month AND l.entry_type IN ('earn', 'penalty') AND m.status = 'active'
       GROUP BY l.member_id HAVING sum(l.points) > 0),
    ranked AS (SELECT t.*, rank() OVER (ORDER BY pts DESC) AS rnk, row_number() OVER (ORDER BY pts DESC, cnt DESC, member_id) AS pos FROM totals t)
    SELECT r.*, m.user_name, m.city_code FROM ranked r JOIN members m ON m.member_id = r.member_id`;
  const ranking = db.prepare(`${rankedTotals} ORDER BY r.pos LIMIT :limit OFFSET :offset`);
  const rankOf = db.prepare(`${rankedTotals} WHERE r.member_id = :me`);
  const rankingCount = db.prepare(
    `SELECT count(*) AS n FROM (SELECT l.member_id FROM point_ledger l JOIN members m ON m.member_id = l.member_id
      WHERE l.month = ? AND l.entry_type IN ('earn', 'penalty') AND m.status = 'active' GROUP BY l.member_id HAVING sum(l.points) > 0) x`,
  );
  const toRanking = (r: Row): RankingRow => ({
    rank: int(r, 'rnk'),
    memberId: int(r, 'member_id'),
    userName: str(r, 'user_name'),
    cityCode: strOrNull(r, 'city_code'),
    points: int(r, 'pts'),
    activityCount: int(r, 'cnt'),
  });

  return {
    /** Active members by points (earned less clawed back) in a month. */
    async ranking(month: string, page: Limit): Promise<Listed<RankingRow>> {
      return { rows: (await ranking.all({ month, ...limits(page) })).map(toRanking), total: count(await rankingCount.get(month)) };
    },

    async rankOf(month: string, memberId: number): Promise<RankingRow | undefined> {
      const r = await rankOf.get({ month, me: memberId });
      return r ? toRanking(r) : undefined;
    },
  };
}
