-- PostgreSQL twin of migrations/0011-idempotency-keys.sql (decision 0109): the same table.
-- A write's Idempotency-Key (decision 0141), kept with the member who sent it: the request's
-- fingerprint (SHA-256 of the method, the route and its parameters, the query and the body as
-- canonical JSON, in hex) and the first answer exactly as it was sent (status and JSON text, not
-- jsonb: a repeat gets the same bytes). Written in the write's own transaction, only for a
-- success; rows older than the setting (IDEMPOTENCY_KEY_TTL_S, a day) are ignored and swept.
-- created_at: ms since the epoch.
CREATE TABLE idempotency_keys (
  member_id    BIGINT  NOT NULL REFERENCES members (member_id),
  idem_key     TEXT    NOT NULL CHECK (length(idem_key) BETWEEN 1 AND 255),
  fingerprint  TEXT    NOT NULL CHECK (length(fingerprint) = 64),
  status       INTEGER NOT NULL CHECK (status BETWEEN 200 AND 299),
  answer       TEXT    NOT NULL,
  created_at   BIGINT  NOT NULL,
  PRIMARY KEY (member_id, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
