CREATE TABLE "order_buyers" (
	"name" text NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "order_buyers_email_name_pk" PRIMARY KEY("email","name")
);
--> statement-breakpoint
CREATE TABLE "order_products" (
	"product_name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_search_idx";--> statement-breakpoint
CREATE INDEX "order_buyers_search_idx" ON "order_buyers" USING gin (("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_products_search_idx" ON "order_products" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_newest_idx" ON "orders" USING btree ("email","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_product_newest_idx" ON "orders" USING btree ("product_name","created_at","id");--> statement-breakpoint
-- order_buyers and order_products hold every buyer (name and email) and every product name the
-- orders hold, written in the transaction that writes the orders: one upsert per insert statement,
-- whatever its size (the bench fixture inserts 1,000,000 orders at once). An order's buyer and
-- product are a snapshot that no call changes; an update that sets them is covered row by row, and
-- updates of other columns (payment, shipping) fire nothing. Rows of deleted orders stay: a search
-- then reads a buyer with no orders.
CREATE FUNCTION "order_search_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    INSERT INTO "order_buyers" ("name", "email") VALUES (NEW."name", NEW."email") ON CONFLICT DO NOTHING;
    INSERT INTO "order_products" ("product_name") VALUES (NEW."product_name") ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "order_buyers" ("name", "email")
      SELECT DISTINCT "name", "email" FROM "new_orders" ORDER BY 2, 1 ON CONFLICT DO NOTHING;
    INSERT INTO "order_products" ("product_name")
      SELECT DISTINCT "product_name" FROM "new_orders" ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_search_on_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_search_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_search_on_update" AFTER UPDATE OF "name", "email", "product_name" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_search_apply"();--> statement-breakpoint
INSERT INTO "order_buyers" ("name", "email") SELECT DISTINCT "name", "email" FROM "orders" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "order_products" ("product_name") SELECT DISTINCT "product_name" FROM "orders" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- What share of the orders a search's words match, as the planner reads it: with it, a search that
-- names many buyers walks the orders newest first and stops at a page; without it the planner
-- guesses 0.5% and reads every order of the status to sort them.
CREATE STATISTICS "orders_buyer_stats" ON ("name" || ' ' || "email") FROM "orders";
