-- Signing in with Google, better-auth finds the account by its provider and the provider's id for
-- it (findAccountOwnerByKey, findAccountByKey): from an index, not a scan of every account.
-- Kept out of auth-schema.ts, which better-auth's CLI writes.
CREATE INDEX "account_provider_account_idx" ON "account" ("provider_id", "account_id");
