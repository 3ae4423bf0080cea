/**
 * The monthly ranking (docs/product.md §7 /activity/ranking): active members by the points they
 * earned less what was clawed back in a month, and one member's place. Part of the activity
 * store (activities.ts). Read from the running figures (decision 0155): a row or two per member
 * for the month, not the month's every ledger row.
 */
import type { Database } from './dialect.ts';
import { int, limits, listedCount, str, strOrNull, type Limit, type Listed, type Row } from './rows.ts';

export interface RankingRow {
  rank: number;
  memberId: number;
  userName: string;
  cityCode: string | null;
  points: number;
  activityCount: number;
}

export function rankingStore(db: Database) {
  // The month's earning and clawed-back rows of active members, per member (store/running-points.ts).
  const monthTotals = `SELECT p.member_id, sum(p.points) AS pts, sum(p.activities) AS cnt
        FROM member_points p JOIN members m ON m.member_id = p.member_id
       WHERE p.month = :month AND p.entry_type IN ('earn', 'penalty') AND m.status = 'active'
       GROUP BY p.member_id HAVING sum(p.points) > 0`;
  const rankedTotals = `WITH totals AS (${monthTotals}),
    ranked AS (SELECT t.*, rank() OVER (ORDER BY pts DESC) AS rnk, row_number() OVER (ORDER BY pts DESC, cnt DESC, member_id) AS pos,
                      count(*) OVER () AS listed_total FROM totals t)
    SELECT r.*, m.user_name, m.city_code FROM ranked r JOIN members m ON m.member_id = r.member_id`;
  // The page of the ranking and the member's own place (when ranked), in one statement.
  const ranking = db.prepare(`${rankedTotals} WHERE (r.pos > :offset AND r.pos <= :offset + :limit) OR r.member_id = :me ORDER BY r.pos`);
  const rankingCount = db.prepare(`SELECT count(*) AS n FROM (${monthTotals}) x`);
  const toRanking = (r: Row): RankingRow => ({
    rank: int(r, 'rnk'),
    memberId: int(r, 'member_id'),
    userName: str(r, 'user_name'),
    cityCode: strOrNull(r, 'city_code'),
    points: int(r, 'pts'),
    activityCount: int(r, 'cnt'),
  });

  return {
    /**
     * Active members by points (earned less clawed back) in a month: a page of them, how many are
     * ranked, and the member `me`'s own place when `me` is ranked.
     */
    async ranking(month: string, page: Limit, me: number | null = null): Promise<Listed<RankingRow> & { mine: RankingRow | undefined }> {
      const { limit, offset } = limits(page);
      const found = await ranking.all({ month, limit, offset, me });
      const inPage = found.filter((r) => int(r, 'pos') > offset && int(r, 'pos') <= offset + limit);
      const mine = found.find((r) => me !== null && int(r, 'member_id') === me);
      // Every row carries how many are ranked; a page past the end may have none to carry it.
      const total = await listedCount(found, { limit, offset }, () => rankingCount.get({ month }));
      return { rows: inPage.map(toRanking), total, mine: mine ? toRanking(mine) : undefined };
    },
  };
}
