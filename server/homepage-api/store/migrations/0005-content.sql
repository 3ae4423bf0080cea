-- Content (domain.md "Content"): FAQ, newsletters, system content texts.
CREATE TABLE faqs (
  faq_key     INTEGER PRIMARY KEY,
  category    TEXT    NOT NULL,
  question    TEXT    NOT NULL,
  answer      TEXT    NOT NULL,
  sort_order  INTEGER NOT NULL
) STRICT;
CREATE INDEX faqs_category ON faqs (category, sort_order);

CREATE TABLE newsletters (
  newsletter_key INTEGER PRIMARY KEY,
  issue_no       INTEGER NOT NULL UNIQUE,
  title          TEXT    NOT NULL,
  summary        TEXT    NOT NULL,
  content        TEXT    NOT NULL,
  published_on   TEXT    NOT NULL
) STRICT;

CREATE TABLE system_contents (
  content_type  TEXT PRIMARY KEY,
  title         TEXT NOT NULL,
  content       TEXT NOT NULL,
  version       TEXT NOT NULL,
  effective_on  TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- Seed steps that are not plain INSERT OR IGNORE rows (generated activity) mark themselves done here.
CREATE TABLE seed_marks (
  mark      TEXT PRIMARY KEY,
  done_at   TEXT NOT NULL
) STRICT, WITHOUT ROWID;
