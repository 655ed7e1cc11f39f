-- Every instance caches the public catalogue (tools, reviews) and drops its copy when this
-- channel speaks: a change made through any instance reaches all of them.
CREATE OR REPLACE FUNCTION torque_notify_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('torque_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tools_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "tools"
  FOR EACH STATEMENT EXECUTE FUNCTION torque_notify_catalogue();
--> statement-breakpoint
CREATE TRIGGER reviews_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION torque_notify_catalogue();
--> statement-breakpoint
-- A paid order can make its author's review a verified buyer's.
CREATE TRIGGER orders_paid_catalogue_changed AFTER UPDATE OF "paid" ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION torque_notify_catalogue();
