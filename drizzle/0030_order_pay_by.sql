-- Each order keeps the end of its hold (decision 014, amended): set at purchase, read by the expiry,
-- My Orders and the mails, so a later change of ORDER_HOLD_HOURS moves no order already placed.
-- Orders placed before keep what they were shown: placed + the store's ORDER_HOLD_HOURS, which the
-- store hands its migrations as torque.order_hold_hours (2, its default, when run without it).
DROP INDEX "orders_unpaid_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
-- Only the orders that read it: the open ones (the check below, My Orders, the expiry) and those of
-- unsent order mails (their holdHours); rewriting every order would hold the lock for seconds.
UPDATE "orders" SET "pay_by" = "created_at" + make_interval(secs => coalesce(nullif(current_setting('torque.order_hold_hours', true), ''), '2')::float8 * 3600)
WHERE (NOT "paid" AND "cancelled_at" IS NULL)
  OR "id"::text IN (SELECT "data"->>'orderId' FROM "mail_outbox" WHERE "kind" in ('order_placed', 'order_expired') AND "sent_at" is null);--> statement-breakpoint
-- Unsent order mails word the hold from their own data now.
UPDATE "mail_outbox" m SET "data" = m."data" || jsonb_build_object('holdHours', extract(epoch from o."pay_by" - o."created_at") / 3600)
FROM "orders" o
WHERE m."kind" in ('order_placed', 'order_expired') AND m."sent_at" is null AND o."id"::text = m."data"->>'orderId';--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("pay_by") WHERE not "orders"."paid" and "orders"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_open_has_pay_by" CHECK ("orders"."pay_by" is not null or "orders"."paid" or "orders"."cancelled_at" is not null);
