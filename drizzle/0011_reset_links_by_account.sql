-- A password reset or change ends every other reset link of the account: better-auth keeps them
-- as verification rows whose value is the account's id. Found from an index, not a scan.
-- Kept out of auth-schema.ts, which better-auth's CLI writes.
CREATE INDEX "verification_value_idx" ON "verification" ("value");
