-- Before the unique index: keep each customer's first review of a product (a flood left many).
DELETE FROM "reviews" r USING "reviews" k
WHERE r."user_id" = k."user_id" AND lower(r."product_name") = lower(k."product_name")
  AND (k."created_at", k."id") < (r."created_at", r."id");--> statement-breakpoint
DROP INDEX "reviews_user_product_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_product" ON "reviews" USING btree ("user_id",lower("product_name"));