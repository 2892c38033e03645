-- A player may switch off the notices of challenges sent to them (push,
-- e-mail, webhook) while keeping those of their turns (issue 30, point
-- 5). 0: challenges are notified, as everything else, on the channels
-- the player switched on.
ALTER TABLE notify_settings ADD COLUMN challenges_off INTEGER NOT NULL DEFAULT 0;
