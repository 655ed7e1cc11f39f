CREATE TABLE "newsletter_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_signups_email_idx" ON "newsletter_signups" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_signups_created_idx" ON "newsletter_signups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_listed_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."deleted_at" is null;