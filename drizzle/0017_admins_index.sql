-- The admins, found on every paid order for their 'new paid order' mail (issue 17): a few rows of
-- better-auth's user table, read from this index rather than by scanning every account.
CREATE INDEX IF NOT EXISTS "user_admins_idx" ON "user" USING btree ("email") WHERE "role" = 'admin';
