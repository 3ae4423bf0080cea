-- PostgreSQL twin of migrations/0013-running-point-figures.sql (decision 0109): the same table,
-- fill and indexes.
-- Running point figures (decision 0146). The balance is still the sum of a member's ledger rows;
-- member_points keeps that sum per member, month and entry type, added to by every ledger insert
-- in the same statement (store/points.ts, store/earnings.ts), so that the earning rules and the
-- member's point read add up a few rows a month instead of the member's whole history. The year's
-- figures are its months' (a new year starts with no row); expiry rows count in the month they
-- are dated (December of the year they settle). A month and entry type with no points has no row.
-- Filled here from the ledger as it stands.
CREATE TABLE member_points (
  member_id   BIGINT NOT NULL REFERENCES members (member_id),
  month       TEXT   NOT NULL,
  year        TEXT   NOT NULL,
  entry_type  TEXT   NOT NULL CHECK (entry_type IN ('earn', 'penalty', 'spend', 'expire')),
  points      BIGINT NOT NULL,
  PRIMARY KEY (member_id, month, entry_type),
  CHECK (year = substr(month, 1, 4)),
  CHECK ((entry_type = 'earn' AND points >= 0) OR (entry_type <> 'earn' AND points <= 0))
);

INSERT INTO member_points (member_id, month, year, entry_type, points)
  SELECT member_id, month, year, entry_type, sum(points) FROM point_ledger
   GROUP BY member_id, month, year, entry_type HAVING sum(points) <> 0;

-- The earning rules' looks at the activities, bounded by the rules instead of the history: the
-- once-a-day look finds the day in the index, and the monthly limit counts this month's earning
-- activities in an index holding only those (as many as the limit lets earn).
DROP INDEX activities_member_type_month;
CREATE INDEX activities_member_type_month ON activities (member_id, activity_type, month, day);
CREATE INDEX activities_member_type_month_earned ON activities (member_id, activity_type, month) WHERE points > 0;
