-- Members (domain.md "Members") and the sign-in tokens of decisions D3.
-- status holds what an administrator sets; "expired" is derived from valid_until.
CREATE TABLE members (
  member_id        INTEGER PRIMARY KEY,
  user_id          TEXT    NOT NULL UNIQUE CHECK (length(user_id) BETWEEN 3 AND 40),
  user_no          TEXT    NOT NULL UNIQUE,
  user_key         TEXT    NOT NULL UNIQUE,
  user_name        TEXT    NOT NULL CHECK (length(user_name) BETWEEN 1 AND 40),
  password_hash    TEXT    NOT NULL,
  user_auth        TEXT    NOT NULL DEFAULT 'ROLE_USER',
  phone            TEXT,
  email            TEXT,
  province_code    TEXT,
  city_code        TEXT,
  town_code        TEXT,
  birth_year       INTEGER NOT NULL CHECK (birth_year BETWEEN 1900 AND 2100),
  status           TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'dormant', 'withdrawn')),
  valid_until      TEXT    NOT NULL,
  agree_yn         TEXT    NOT NULL DEFAULT 'N' CHECK (agree_yn IN ('Y', 'N')),
  agree_date       TEXT,
  notice_yn        TEXT    NOT NULL DEFAULT 'N' CHECK (notice_yn IN ('Y', 'N')),
  notice_date      TEXT,
  earning_suspended_until TEXT,
  kakao_linked_yn  TEXT    NOT NULL DEFAULT 'N' CHECK (kakao_linked_yn IN ('Y', 'N')),
  home_library     TEXT    NOT NULL DEFAULT '충청북도립도서관',
  created_at       TEXT    NOT NULL,
  updated_at       TEXT    NOT NULL
) STRICT;

-- One sign-in = one family of refresh tokens; revoking the family ends the sign-in.
CREATE TABLE token_families (
  family_id      INTEGER PRIMARY KEY,
  member_id      INTEGER NOT NULL REFERENCES members (member_id),
  keep           INTEGER NOT NULL CHECK (keep IN (0, 1)),
  created_at     INTEGER NOT NULL,
  revoked_at     INTEGER,
  revoked_reason TEXT
) STRICT;
CREATE INDEX token_families_member ON token_families (member_id);

-- Tokens are stored only as SHA-256 hashes of the opaque values handed out.
CREATE TABLE refresh_tokens (
  token_hash  BLOB    PRIMARY KEY,
  family_id   INTEGER NOT NULL REFERENCES token_families (family_id),
  expires_at  INTEGER NOT NULL,
  spent_at    INTEGER,
  created_at  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

CREATE TABLE access_tokens (
  token_hash  BLOB    PRIMARY KEY,
  family_id   INTEGER NOT NULL REFERENCES token_families (family_id),
  expires_at  INTEGER NOT NULL,
  created_at  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX access_tokens_expiry ON access_tokens (expires_at);

-- Single-sign-on tokens (decisions D2: GET {token}); reusable until they expire.
CREATE TABLE sso_tokens (
  token_hash  BLOB    PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES members (member_id),
  expires_at  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Code lookup (spec §7 GET /code/{group}/{code}); group 60 code 2 = login redirect URL.
CREATE TABLE codes (
  code_group  TEXT NOT NULL,
  code        TEXT NOT NULL,
  code_name   TEXT NOT NULL,
  code_value  TEXT NOT NULL,
  PRIMARY KEY (code_group, code)
) STRICT, WITHOUT ROWID;

-- Region codes: province (2 digits) → city/county (5) → gu (5, Cheongju only) → town (8).
CREATE TABLE regions (
  region_code  TEXT PRIMARY KEY,
  region_name  TEXT NOT NULL,
  parent_code  TEXT REFERENCES regions (region_code),
  level        INTEGER NOT NULL CHECK (level BETWEEN 1 AND 4),
  sort_order   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX regions_parent ON regions (parent_code, sort_order);
