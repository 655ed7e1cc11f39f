-- Double opt-in (decision 032): a sign-up is on the list once its address's owner opens the mailed link.
-- Sign-ups made before this have no such proof: they stay unconfirmed, out of the export.
ALTER TABLE "newsletter_signups" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_signups" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_signups" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_signups_token_idx" ON "newsletter_signups" USING btree ("token_hash");