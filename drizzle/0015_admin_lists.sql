DROP INDEX "orders_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text GENERATED ALWAYS AS (case when "cancelled_at" is not null then 'cancelled' when "refunded_at" is not null then 'refunded' when "shift_now" then 'shipped' when "paid" then 'paid' else 'unpaid' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_newest_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_newest_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (("name" || ' ' || "email" || ' ' || "product_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid";--> statement-breakpoint
CREATE INDEX "tools_low_stock_idx" ON "tools" USING btree ("name","id") WHERE "tools"."archived_at" is null and "tools"."available_quantity" < 2 * "tools"."minimum_order";--> statement-breakpoint
-- GET /api/admin/users searches accounts by name or email through trigrams (pg_trgm, 0009).
-- Kept out of auth-schema.ts, which better-auth's CLI writes (as 0004's user indexes).
CREATE INDEX "user_search_idx" ON "user" USING gin (("name" || ' ' || "email") gin_trgm_ops);
