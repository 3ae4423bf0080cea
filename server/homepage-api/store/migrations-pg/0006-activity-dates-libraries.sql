-- PostgreSQL twin of migrations/0006-activity-dates-libraries.sql (decision 0109): the same tables, keys and checks.
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
  sort_order    BIGINT NOT NULL
);
ALTER TABLE loans ADD COLUMN library_code TEXT REFERENCES libraries (library_code);

-- Book search ranks on each book's title and author as words, without spaces, and as 초성,
-- kept in a narrow table beside the books (decisions 0103, 0108). The seed fills it for books
-- stored before this migration.
CREATE TABLE book_keys (
  book_id     BIGINT PRIMARY KEY REFERENCES books (book_id),
  title_key   TEXT    NOT NULL,
  author_key  TEXT    NOT NULL,
  title_norm  TEXT    NOT NULL,
  author_norm TEXT    NOT NULL,
  title_cho   TEXT    NOT NULL,
  author_cho  TEXT    NOT NULL,
  publisher_key TEXT  NOT NULL,
  pub_year    BIGINT NOT NULL,
  -- What the search matches in the publisher: its words without the spaces (= normalise()).
  publisher_norm TEXT GENERATED ALWAYS AS (replace(publisher_key, ' ', '')) STORED
);
CREATE INDEX book_keys_author ON book_keys (author_norm);
-- The book search (decisions 0103, 0108, 0109): each word is a substring of one of these.
CREATE INDEX book_keys_title_trgm ON book_keys USING gin (title_norm gin_trgm_ops);
CREATE INDEX book_keys_author_trgm ON book_keys USING gin (author_norm gin_trgm_ops);
CREATE INDEX book_keys_publisher_trgm ON book_keys USING gin (publisher_norm gin_trgm_ops);
CREATE INDEX book_keys_title_cho_trgm ON book_keys USING gin (title_cho gin_trgm_ops);
CREATE INDEX book_keys_author_cho_trgm ON book_keys USING gin (author_cho gin_trgm_ops);
