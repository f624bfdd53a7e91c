-- Every instance keeps the users of sessions it checked lately in memory
-- (server/cache/session-cache.ts) and forgets a user when told on the channel toolyard_sessions,
-- payload "<sender>:user=<id>" (or ":all"). The triggers of migration 0017 call this from inside
-- the changing transaction, whatever made the change (a sign-out, a revoked session, a password
-- reset, an admin's role change, the admin CLI, a fix made by hand in SQL), so that every instance
-- hears it as the change commits.
CREATE OR REPLACE FUNCTION toolyard_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('toolyard_sessions', ':all');
  ELSIF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('toolyard_sessions', ':user=' || OLD.user_id);
  ELSE
    PERFORM pg_notify('toolyard_sessions', ':user=' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
