-- PostgreSQL twin of migrations/0015-ranking-from-running-figures.sql (decision 0109).
-- The monthly ranking from the running figures (decision 0155). The ranking summed the month's
-- whole ledger three times on every 나의 활동 view (the list, its count, the member's place):
-- work growing with every earning of every member in the month. member_points now also counts
-- the activities each earning row holds (the ranking's "activities"), added to by every ledger
-- insert as its points are (store/running-points.ts); a month with earnings of no points has a
-- row for its activities. Filled here from the ledger as it stands.
ALTER TABLE member_points ADD COLUMN activities BIGINT NOT NULL DEFAULT 0 CHECK (activities >= 0);

UPDATE member_points SET activities = (
    SELECT count(l.activity_id) FROM point_ledger l
     WHERE l.member_id = member_points.member_id AND l.month = member_points.month AND l.entry_type = 'earn')
 WHERE entry_type = 'earn';

INSERT INTO member_points (member_id, month, year, entry_type, points, activities)
  SELECT l.member_id, l.month, l.year, 'earn', 0, count(l.activity_id) FROM point_ledger l
   WHERE l.entry_type = 'earn' AND l.activity_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM member_points p WHERE p.member_id = l.member_id AND p.month = l.month AND p.entry_type = 'earn')
   GROUP BY l.member_id, l.month, l.year;

-- The ranking reads one month's rows of every member.
CREATE INDEX member_points_month ON member_points (month, entry_type, member_id);
