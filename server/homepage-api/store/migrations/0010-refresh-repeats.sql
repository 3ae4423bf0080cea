-- A spent refresh token answers again at most once (decision 0114): `repeats` counts how often
-- it was presented after it was spent. The first time, within the grace, it gets the pair it
-- was exchanged for (later: refused, nothing revoked); the second time revokes the sign-in.
ALTER TABLE refresh_tokens ADD COLUMN repeats INTEGER NOT NULL DEFAULT 0 CHECK (repeats >= 0);
