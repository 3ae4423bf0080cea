-- Book catalogue and its search index (decision 0103).
CREATE TABLE books (
  book_id     INTEGER PRIMARY KEY,
  isbn        TEXT    NOT NULL UNIQUE CHECK (length(isbn) = 13),
  title       TEXT    NOT NULL,
  author      TEXT    NOT NULL,
  publisher   TEXT    NOT NULL,
  pub_year    INTEGER NOT NULL,
  subject     TEXT    NOT NULL,
  curated     INTEGER NOT NULL DEFAULT 0 CHECK (curated IN (0, 1))
) STRICT;

-- Contentless FTS5 table: each column holds space-separated character bigrams of the
-- normalised field (plus its last character), so a phrase of consecutive bigrams is an
-- exact substring match, 2-character words included; the *_cho columns hold the same
-- for the initial consonants (초성). rowid = book_id.
CREATE VIRTUAL TABLE book_search USING fts5(
  title, author, publisher, title_cho, author_cho,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0'
);
