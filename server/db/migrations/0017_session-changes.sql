-- Every instance keeps the users of sessions it checked lately in memory
-- (server/http/session-cache.ts) and forgets a user when told on the channel toolyard_sessions,
-- payload "<sender>:user=<id>" (or ":all"). These triggers tell it from inside the changing
-- transaction, whatever made the change (a sign-out, a revoked session, a password reset, an
-- admin's role change, the admin CLI, a fix made by hand in SQL), so that every instance hears it
-- as the change commits. Sessions are only ever added on the hot path (a sign-in): those need no
-- word, and nothing an order does touches these tables.
CREATE FUNCTION toolyard_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER session_ended AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION toolyard_session_changed();
--> statement-breakpoint
-- A session made longer changes nothing a cached check relies on; one cut short, or moved, does.
CREATE TRIGGER session_changed AFTER UPDATE ON "session"
  FOR EACH ROW
  WHEN (
    NEW.expires_at < OLD.expires_at
    OR (NEW.token, NEW.user_id) IS DISTINCT FROM (OLD.token, OLD.user_id)
  )
  EXECUTE FUNCTION toolyard_session_changed();
--> statement-breakpoint
CREATE TRIGGER user_removed AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION toolyard_session_changed();
--> statement-breakpoint
-- What a session's check answers about its user: who they are and what they may do.
CREATE TRIGGER user_changed AFTER UPDATE ON "user"
  FOR EACH ROW
  WHEN (
    (NEW.id, NEW.name, NEW.email, NEW.email_verified, NEW.image, NEW.role)
      IS DISTINCT FROM
    (OLD.id, OLD.name, OLD.email, OLD.email_verified, OLD.image, OLD.role)
  )
  EXECUTE FUNCTION toolyard_session_changed();
--> statement-breakpoint
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_session_changed();
--> statement-breakpoint
CREATE TRIGGER user_truncated AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_session_changed();
