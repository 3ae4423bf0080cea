-- One review per member and book, no exact repeats of a diary, a write rate per member
-- (decision 0113). The database keeps the uniqueness (partial unique
-- indexes, checked by the INSERT inside each write's transaction), so it holds for
-- simultaneous requests and for several API processes on one file.
-- Nothing stored before is lost: of each group of rows that break the new rules, the oldest
-- (lowest activity_id) stays canonical and the later ones are marked with repeat_of, the
-- canonical row's activity; the unique indexes cover canonical rows only. Marked rows stay in
-- the member's own lists, points and statistics; a book's public reviews show canonical ones.

-- Diaries: the member and the day copied beside the text, so one index can hold all four.
ALTER TABLE diaries ADD COLUMN member_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE diaries ADD COLUMN written_on TEXT NOT NULL DEFAULT '';
ALTER TABLE diaries ADD COLUMN repeat_of INTEGER REFERENCES activities (activity_id);
UPDATE diaries SET member_id = a.member_id, written_on = a.activity_date
  FROM activities a WHERE a.activity_id = diaries.activity_id;
UPDATE diaries SET repeat_of = g.first_id
  FROM (SELECT member_id, isbn, written_on, content, min(activity_id) AS first_id
          FROM diaries GROUP BY member_id, isbn, written_on, content HAVING count(*) > 1) g
 WHERE diaries.member_id = g.member_id AND diaries.isbn = g.isbn AND diaries.written_on = g.written_on
   AND diaries.content = g.content AND diaries.activity_id <> g.first_id;
CREATE UNIQUE INDEX diaries_no_repeats ON diaries (member_id, isbn, written_on, content) WHERE repeat_of IS NULL;

-- Reviews: one per member and book; the member edits it (edited_at) instead of writing another.
ALTER TABLE reviews ADD COLUMN member_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE reviews ADD COLUMN repeat_of INTEGER REFERENCES activities (activity_id);
ALTER TABLE reviews ADD COLUMN edited_at TEXT;
UPDATE reviews SET member_id = a.member_id
  FROM activities a WHERE a.activity_id = reviews.activity_id;
UPDATE reviews SET repeat_of = g.first_id
  FROM (SELECT member_id, isbn, min(activity_id) AS first_id FROM reviews GROUP BY member_id, isbn HAVING count(*) > 1) g
 WHERE reviews.member_id = g.member_id AND reviews.isbn = g.isbn AND reviews.activity_id <> g.first_id;
CREATE UNIQUE INDEX reviews_one_per_book ON reviews (member_id, isbn) WHERE repeat_of IS NULL;

-- The member's activity writes of the last minute (written_at: ms since the epoch), for the
-- write rate. Each write prunes the member's older rows, so the table stays small.
CREATE TABLE member_writes (
  write_id    INTEGER PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES members (member_id),
  written_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX member_writes_member ON member_writes (member_id, written_at);
