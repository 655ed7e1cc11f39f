CREATE TABLE "revenue_days" (
	"day" date PRIMARY KEY NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
-- revenue_days: an order counts on the day (UTC) it was paid while it is paid and not refunded. Each
-- statement on orders takes its old rows out and puts its new rows in, netted per day, so that an
-- update that moves no money (a shipment, a receipt number, a payment check) writes nothing and the
-- table always equals the sum over orders. Statement triggers: one upsert per statement, whatever
-- its size (the bench fixture inserts 1,000,000 orders at once); days in order, so that two
-- statements lock them in the same order.
CREATE FUNCTION "revenue_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "revenue_days" ("day", "cents")
      SELECT ("paid_at" AT TIME ZONE 'UTC')::date, sum("product_price_cents" * "quantity")
      FROM "new_orders" WHERE "paid" AND "paid_at" IS NOT NULL AND "refunded_at" IS NULL
      GROUP BY 1 ORDER BY 1
      ON CONFLICT ("day") DO UPDATE SET "cents" = "revenue_days"."cents" + excluded."cents";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "revenue_days" ("day", "cents")
      SELECT "day", sum("cents") FROM (
        SELECT ("paid_at" AT TIME ZONE 'UTC')::date AS "day", "product_price_cents" * "quantity" AS "cents"
        FROM "new_orders" WHERE "paid" AND "paid_at" IS NOT NULL AND "refunded_at" IS NULL
        UNION ALL
        SELECT ("paid_at" AT TIME ZONE 'UTC')::date, -"product_price_cents" * "quantity"
        FROM "old_orders" WHERE "paid" AND "paid_at" IS NOT NULL AND "refunded_at" IS NULL
      ) "changes"
      GROUP BY "day" HAVING sum("cents") <> 0 ORDER BY "day"
      ON CONFLICT ("day") DO UPDATE SET "cents" = "revenue_days"."cents" + excluded."cents";
  ELSE
    INSERT INTO "revenue_days" ("day", "cents")
      SELECT ("paid_at" AT TIME ZONE 'UTC')::date, -sum("product_price_cents" * "quantity")
      FROM "old_orders" WHERE "paid" AND "paid_at" IS NOT NULL AND "refunded_at" IS NULL
      GROUP BY 1 ORDER BY 1
      ON CONFLICT ("day") DO UPDATE SET "cents" = "revenue_days"."cents" + excluded."cents";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_revenue_on_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_revenue_on_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_revenue_on_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_apply"();--> statement-breakpoint
INSERT INTO "revenue_days" ("day", "cents")
  SELECT ("paid_at" AT TIME ZONE 'UTC')::date, sum("product_price_cents" * "quantity")
  FROM "orders" WHERE "paid" AND "paid_at" IS NOT NULL AND "refunded_at" IS NULL
  GROUP BY 1;
