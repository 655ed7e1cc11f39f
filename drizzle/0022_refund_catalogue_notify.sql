-- A refunded order no longer makes its author's review a verified buyer's (0003 tells the
-- catalogue when an order is paid; this, when one is refunded).
CREATE TRIGGER orders_refunded_catalogue_changed AFTER UPDATE OF "refunded_at" ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION torque_notify_catalogue();
