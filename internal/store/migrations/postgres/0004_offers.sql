-- The requests one player makes of the other besides moves: a standing
-- take-back request (the player who asked, or -1), and the last offer
-- declined (draw or takeback, '' for none) with the player who declined
-- it. A decline is news for one version only: the next change clears it.
ALTER TABLE games ADD COLUMN takeback INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN declined TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN declined_by INTEGER NOT NULL DEFAULT -1;
