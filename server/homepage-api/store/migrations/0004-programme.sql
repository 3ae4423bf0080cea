-- The reading-points programme (domain.md): activities, the ledger, penalties,
-- challenges, book clubs, author talks, education certification, spending.

-- Every recorded activity, whatever it earned. Its detail lives in the table of its type.
CREATE TABLE activities (
  activity_id    INTEGER PRIMARY KEY,
  member_id      INTEGER NOT NULL REFERENCES members (member_id),
  activity_type  TEXT    NOT NULL CHECK (activity_type IN
                   ('diary', 'review', 'loan', 'purchase', 'bookclub', 'authortalk', 'edu', 'checkin', 'challenge')),
  isbn           TEXT,
  points         INTEGER NOT NULL CHECK (points >= 0),
  point_reason   TEXT    NOT NULL,
  status         TEXT    NOT NULL DEFAULT 'recorded' CHECK (status IN ('recorded', 'revoked')),
  day            TEXT    NOT NULL,
  month          TEXT    NOT NULL,
  created_at     TEXT    NOT NULL
) STRICT;
CREATE INDEX activities_member_type_month ON activities (member_id, activity_type, month);
CREATE INDEX activities_member_created ON activities (member_id, activity_id DESC);
CREATE INDEX activities_isbn_day ON activities (isbn, day) WHERE isbn IS NOT NULL;

-- The ledger: the points balance is always SUM(points) over a member's rows.
CREATE TABLE point_ledger (
  entry_id       INTEGER PRIMARY KEY,
  member_id      INTEGER NOT NULL REFERENCES members (member_id),
  entry_type     TEXT    NOT NULL CHECK (entry_type IN ('earn', 'penalty', 'spend', 'expire')),
  activity_id    INTEGER REFERENCES activities (activity_id),
  points         INTEGER NOT NULL,
  reason         TEXT    NOT NULL,
  day            TEXT    NOT NULL,
  month          TEXT    NOT NULL,
  year           TEXT    NOT NULL,
  created_at     TEXT    NOT NULL,
  CHECK ((entry_type = 'earn' AND points >= 0) OR (entry_type <> 'earn' AND points <= 0))
) STRICT;
CREATE INDEX point_ledger_member_month ON point_ledger (member_id, month, entry_type);
CREATE INDEX point_ledger_member_year ON point_ledger (member_id, year, entry_type);
CREATE INDEX point_ledger_month_earn ON point_ledger (month, entry_type, member_id);

CREATE TABLE diaries (
  activity_id  INTEGER PRIMARY KEY REFERENCES activities (activity_id),
  isbn         TEXT    NOT NULL,
  content      TEXT    NOT NULL,
  read_pages   INTEGER
) STRICT;

CREATE TABLE reviews (
  activity_id  INTEGER PRIMARY KEY REFERENCES activities (activity_id),
  isbn         TEXT    NOT NULL,
  title        TEXT    NOT NULL,
  content      TEXT    NOT NULL,
  rating       INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5)
) STRICT;

CREATE TABLE loans (
  activity_id  INTEGER PRIMARY KEY REFERENCES activities (activity_id),
  member_id    INTEGER NOT NULL REFERENCES members (member_id),
  loan_no      TEXT    NOT NULL,
  isbn         TEXT    NOT NULL,
  library_name TEXT    NOT NULL,
  loan_date    TEXT    NOT NULL,
  UNIQUE (member_id, loan_no)
) STRICT;

CREATE TABLE bookstores (
  bookstore_id  INTEGER PRIMARY KEY,
  name          TEXT    NOT NULL,
  city_code     TEXT    NOT NULL REFERENCES regions (region_code),
  town_code     TEXT    REFERENCES regions (region_code),
  address       TEXT    NOT NULL,
  phone         TEXT    NOT NULL,
  opening_hours TEXT    NOT NULL,
  closed_days   TEXT    NOT NULL
) STRICT;
CREATE INDEX bookstores_city ON bookstores (city_code, name);

CREATE TABLE purchases (
  activity_id   INTEGER PRIMARY KEY REFERENCES activities (activity_id),
  bookstore_id  INTEGER NOT NULL REFERENCES bookstores (bookstore_id),
  receipt_no    TEXT    NOT NULL,
  purchase_date TEXT    NOT NULL,
  amount        INTEGER NOT NULL CHECK (amount > 0),
  book_title    TEXT    NOT NULL,
  UNIQUE (bookstore_id, receipt_no)
) STRICT;

-- Points spent on paper books at partner bookstores (my page, search_type=buy).
CREATE TABLE point_spends (
  spend_id      INTEGER PRIMARY KEY,
  member_id     INTEGER NOT NULL REFERENCES members (member_id),
  bookstore_id  INTEGER NOT NULL REFERENCES bookstores (bookstore_id),
  entry_id      INTEGER NOT NULL UNIQUE REFERENCES point_ledger (entry_id),
  book_title    TEXT    NOT NULL,
  isbn          TEXT,
  amount        INTEGER NOT NULL CHECK (amount > 0),
  spent_at      TEXT    NOT NULL
) STRICT;
CREATE INDEX point_spends_member ON point_spends (member_id, spent_at DESC);

CREATE TABLE author_talks (
  event_id      INTEGER PRIMARY KEY,
  title         TEXT NOT NULL,
  author        TEXT NOT NULL,
  venue         TEXT NOT NULL,
  held_on       TEXT NOT NULL,
  check_in_code TEXT NOT NULL UNIQUE
) STRICT;

CREATE TABLE author_talk_checkins (
  activity_id  INTEGER PRIMARY KEY REFERENCES activities (activity_id),
  member_id    INTEGER NOT NULL REFERENCES members (member_id),
  event_id     INTEGER NOT NULL REFERENCES author_talks (event_id),
  UNIQUE (member_id, event_id)
) STRICT;

CREATE TABLE edu_types (
  edu_type     TEXT PRIMARY KEY,
  name         TEXT NOT NULL,
  description  TEXT NOT NULL,
  number_pattern TEXT NOT NULL,
  number_example TEXT NOT NULL
) STRICT;

CREATE TABLE edu_certifications (
  activity_id     INTEGER PRIMARY KEY REFERENCES activities (activity_id),
  edu_type        TEXT NOT NULL REFERENCES edu_types (edu_type),
  certificate_no  TEXT NOT NULL UNIQUE,
  course_name     TEXT NOT NULL,
  completed_on    TEXT NOT NULL
) STRICT;

CREATE TABLE challenges (
  challenge_id     INTEGER PRIMARY KEY,
  member_id        INTEGER NOT NULL REFERENCES members (member_id),
  status           TEXT    NOT NULL CHECK (status IN ('active', 'completed', 'ended')),
  started_day      TEXT    NOT NULL,
  last_checkin_day TEXT    NOT NULL,
  streak           INTEGER NOT NULL CHECK (streak BETWEEN 0 AND 366),
  ended_day        TEXT
) STRICT;
CREATE INDEX challenges_member ON challenges (member_id, challenge_id DESC);
CREATE UNIQUE INDEX challenges_one_active ON challenges (member_id) WHERE status = 'active';

CREATE TABLE challenge_checkins (
  activity_id   INTEGER PRIMARY KEY REFERENCES activities (activity_id),
  challenge_id  INTEGER NOT NULL REFERENCES challenges (challenge_id),
  member_id     INTEGER NOT NULL REFERENCES members (member_id),
  day           TEXT    NOT NULL,
  day_no        INTEGER NOT NULL,
  UNIQUE (member_id, day)
) STRICT;

CREATE TABLE book_clubs (
  club_id       INTEGER PRIMARY KEY,
  name          TEXT    NOT NULL,
  leader_id     INTEGER NOT NULL REFERENCES members (member_id),
  capacity      INTEGER NOT NULL CHECK (capacity >= 2),
  city_code     TEXT    NOT NULL REFERENCES regions (region_code),
  schedule      TEXT    NOT NULL,
  description   TEXT    NOT NULL,
  created_at    TEXT    NOT NULL
) STRICT;

CREATE TABLE club_members (
  club_id    INTEGER NOT NULL REFERENCES book_clubs (club_id),
  member_id  INTEGER NOT NULL REFERENCES members (member_id),
  joined_at  TEXT    NOT NULL,
  PRIMARY KEY (club_id, member_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX club_members_member ON club_members (member_id);

CREATE TABLE club_meetings (
  meeting_id  INTEGER PRIMARY KEY,
  club_id     INTEGER NOT NULL REFERENCES book_clubs (club_id),
  held_on     TEXT    NOT NULL,
  topic       TEXT    NOT NULL,
  isbn        TEXT,
  recorded_at TEXT    NOT NULL,
  UNIQUE (club_id, held_on)
) STRICT;

CREATE TABLE club_attendance (
  activity_id  INTEGER PRIMARY KEY REFERENCES activities (activity_id),
  meeting_id   INTEGER NOT NULL REFERENCES club_meetings (meeting_id),
  member_id    INTEGER NOT NULL REFERENCES members (member_id),
  UNIQUE (meeting_id, member_id)
) STRICT;

CREATE TABLE penalties (
  penalty_id      INTEGER PRIMARY KEY,
  member_id       INTEGER NOT NULL REFERENCES members (member_id),
  activity_id     INTEGER UNIQUE REFERENCES activities (activity_id),
  entry_id        INTEGER NOT NULL UNIQUE REFERENCES point_ledger (entry_id),
  points          INTEGER NOT NULL CHECK (points <= 0),
  reason          TEXT    NOT NULL,
  suspended_until TEXT,
  created_at      TEXT    NOT NULL
) STRICT;
CREATE INDEX penalties_member ON penalties (member_id, penalty_id DESC);
