ALTER TABLE "sandbox_payment_intents" DROP CONSTRAINT "sandbox_intent_status";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "product_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unpaid_intent_idx" ON "orders" USING btree ("payment_checked_at") WHERE not "orders"."paid" and "orders"."cancelled_at" is null and "orders"."payment_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_refund_pending_idx" ON "orders" USING btree ("refunded_at") WHERE "orders"."refunded_at" is not null and "orders"."refund_id" is null;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_refund_id_unique" UNIQUE("refund_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_is_paid_unshipped" CHECK ("orders"."refunded_at" is null or ("orders"."paid" and not "orders"."shift_now"));--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_intent_refund_succeeded" CHECK ("sandbox_payment_intents"."refund_id" is null or "sandbox_payment_intents"."status" = 'succeeded');--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_intent_status" CHECK ("sandbox_payment_intents"."status" in ('requires_payment_method', 'succeeded', 'canceled'));