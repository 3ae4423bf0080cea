-- PostgreSQL twin of migrations/0016-auth-changes.sql (decision 0109).
-- Tells every API instance, on the channel homepage_auth, whose sign-in state changed (decision
-- 0156): a member row changed or removed (status, validity, profile) or a sign-in (token family)
-- revoked. Each instance keeps the access tokens it checked for a few seconds and forgets a
-- member's on hearing it. NOTIFY is sent when the transaction commits, never for one rolled back;
-- the payload is the member's id. Whatever changes these rows — the API, a migration, an
-- operator's SQL — is heard.
CREATE FUNCTION homepage_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('homepage_auth', OLD.member_id::text);
  ELSE
    PERFORM pg_notify('homepage_auth', NEW.member_id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER members_auth_changed AFTER UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION homepage_auth_changed();
CREATE TRIGGER token_families_auth_changed AFTER UPDATE OR DELETE ON token_families
  FOR EACH ROW EXECUTE FUNCTION homepage_auth_changed();
