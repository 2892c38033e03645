-- The automatic fair-play screening (internal/moderation/screening,
-- docs/moderation.md). One row per rating pool: the run is leased to one
-- server (owner until lease_until, Unix milliseconds) when it is due;
-- checked_to is how far the rated games (rating_history.at) were
-- screened.
CREATE TABLE screening_runs (
	pool        TEXT PRIMARY KEY,
	owner       TEXT NOT NULL DEFAULT '',
	lease_until INTEGER NOT NULL DEFAULT 0,
	due         INTEGER NOT NULL DEFAULT 0,
	checked_to  INTEGER NOT NULL DEFAULT 0
);

-- A player the screening flagged in a pool on the evidence of games up
-- to last_game: queued for the moderators once per evidence.
CREATE TABLE screening_flags (
	pool       TEXT NOT NULL,
	player_id  TEXT NOT NULL,
	last_game  TEXT NOT NULL,
	flagged_at INTEGER NOT NULL,
	PRIMARY KEY (pool, player_id, last_game)
);
CREATE INDEX screening_flags_by_player ON screening_flags (player_id);

-- The players with new rated games since the last run.
CREATE INDEX rating_history_by_group ON rating_history (grp, at);
