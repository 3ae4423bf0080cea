-- Nothing on SQLite (decision 0156). Its PostgreSQL twin tells every API instance whose sign-in
-- state changed, so that each may keep the access tokens it checked for a few seconds; on SQLite
-- one process holds the file, checks a token without a round trip, and keeps none.
SELECT 1;
