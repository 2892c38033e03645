-- The "your turn" e-mail digest a server claimed (email_next moved on)
-- is leased to it until it is sent: digest_owner is the server,
-- digest_lease when the lease runs out (Unix milliseconds; 0 once sent).
-- A server killed between the claim and the send leaves the lease to run
-- out, and another then sends the digest, instead of waiting a whole
-- period (audit 2026-11-27, D12).
ALTER TABLE notify_settings ADD COLUMN digest_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE notify_settings ADD COLUMN digest_lease INTEGER NOT NULL DEFAULT 0;
