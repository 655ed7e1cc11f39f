-- Every instance keeps the live sessions it has checked in memory and drops them when this
-- channel speaks: a sign-out, an expiry extension or a changed account, through any instance,
-- reaches all of them.
CREATE OR REPLACE FUNCTION torque_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('torque_sessions', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION torque_notify_sessions();
--> statement-breakpoint
-- What a session's check hands to the calls: the account's role, email, name and picture.
CREATE TRIGGER user_changed AFTER UPDATE OF "role", "email", "name", "image" OR DELETE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION torque_notify_sessions();
