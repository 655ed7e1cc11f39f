-- better-auth deletes expired verification values (password-reset tokens and the like) by their
-- expiry, on each use: from an index, not a scan of every one.
CREATE INDEX "verification_expires_idx" ON "verification" ("expires_at");
