-- PostgreSQL twin of migrations/0009-refresh-grace.sql (decision 0109): the same tables, keys and checks.
-- The refresh grace window (decision 0114): a spent refresh token keeps, for a few seconds,
-- the pair it was exchanged for, encrypted with a key only that spent token derives (the
-- database holds the token's hash, never the token), so a browser that missed the answer
-- and presents it again gets the same pair instead of having its sign-in revoked.
ALTER TABLE refresh_tokens ADD COLUMN successor BYTEA;
