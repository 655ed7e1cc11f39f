-- The store finds accounts by email whatever its case (promoting an admin, profiles), and the
-- admin's user list reads accounts oldest first: both from an index, not a scan of every account.
-- Kept out of auth-schema.ts, which better-auth's CLI writes.
CREATE INDEX "user_email_lower_idx" ON "user" (lower("email"));
--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" ("created_at", "id");
