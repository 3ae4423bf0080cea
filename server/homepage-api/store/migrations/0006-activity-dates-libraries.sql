-- The date a member did an activity (diary day, loan date, purchase date, meeting day,
-- completion day, check-in day): member lists sort and filter by it (decision 0107).
ALTER TABLE activities ADD COLUMN activity_date TEXT NOT NULL DEFAULT '';
UPDATE activities SET activity_date = day;
UPDATE activities SET activity_date = (SELECT l.loan_date FROM loans l WHERE l.activity_id = activities.activity_id)
 WHERE activity_type = 'loan' AND EXISTS (SELECT 1 FROM loans l WHERE l.activity_id = activities.activity_id);
UPDATE activities SET activity_date = (SELECT p.purchase_date FROM purchases p WHERE p.activity_id = activities.activity_id)
 WHERE activity_type = 'purchase' AND EXISTS (SELECT 1 FROM purchases p WHERE p.activity_id = activities.activity_id);
UPDATE activities SET activity_date = (SELECT e.completed_on FROM edu_certifications e WHERE e.activity_id = activities.activity_id)
 WHERE activity_type = 'edu' AND EXISTS (SELECT 1 FROM edu_certifications e WHERE e.activity_id = activities.activity_id);
UPDATE activities SET activity_date = (
  SELECT m.held_on FROM club_attendance a JOIN club_meetings m ON m.meeting_id = a.meeting_id WHERE a.activity_id = activities.activity_id)
 WHERE activity_type = 'bookclub' AND EXISTS (SELECT 1 FROM club_attendance a WHERE a.activity_id = activities.activity_id);
CREATE INDEX activities_member_date ON activities (member_id, activity_date DESC, activity_id DESC);
CREATE INDEX reviews_isbn ON reviews (isbn);

-- Public libraries of the province for loan records (GET /code/libraries); codes are this API's own.
CREATE TABLE libraries (
  library_code  TEXT PRIMARY KEY CHECK (length(library_code) = 7),
  library_name  TEXT NOT NULL UNIQUE,
  city_code     TEXT NOT NULL REFERENCES regions (region_code),
  sort_order    INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
ALTER TABLE loans ADD COLUMN library_code TEXT REFERENCES libraries (library_code);

-- Book search ranks on the title and author as words, without spaces, and as 초성
-- (decisions 0103, 0108); the seed fills these for books stored before this migration.
ALTER TABLE books ADD COLUMN title_key TEXT NOT NULL DEFAULT '';
ALTER TABLE books ADD COLUMN author_key TEXT NOT NULL DEFAULT '';
ALTER TABLE books ADD COLUMN title_norm TEXT NOT NULL DEFAULT '';
ALTER TABLE books ADD COLUMN author_norm TEXT NOT NULL DEFAULT '';
ALTER TABLE books ADD COLUMN title_cho TEXT NOT NULL DEFAULT '';
ALTER TABLE books ADD COLUMN author_cho TEXT NOT NULL DEFAULT '';
CREATE INDEX books_author_norm ON books (author_norm);
