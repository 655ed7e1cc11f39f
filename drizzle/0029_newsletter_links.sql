-- Every link mailed to confirm a newsletter sign-up keeps working for its 7 days (decision 032, amended):
-- the hashes move to a table of their own, one row per link; the one each sign-up has now comes along.
CREATE TABLE "newsletter_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"signup_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_links" ADD CONSTRAINT "newsletter_links_signup_id_newsletter_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."newsletter_signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_links_expires_idx" ON "newsletter_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "newsletter_links_signup_idx" ON "newsletter_links" USING btree ("signup_id");--> statement-breakpoint
CREATE INDEX "newsletter_signups_unconfirmed_idx" ON "newsletter_signups" USING btree ("token_expires_at") WHERE "newsletter_signups"."confirmed_at" is null;--> statement-breakpoint
INSERT INTO "newsletter_links" ("token_hash", "signup_id", "expires_at")
  SELECT "token_hash", "id", "token_expires_at" FROM "newsletter_signups"
  WHERE "token_hash" IS NOT NULL AND "token_expires_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "newsletter_signups_token_idx";--> statement-breakpoint
ALTER TABLE "newsletter_signups" DROP COLUMN "token_hash";