-- Players a moderator marked as engine users (docs/moderation.md): off
-- the leaderboards, their rated games no longer rated. The row is the
-- compare-and-set that makes the refunds below happen once.
CREATE TABLE engine_marks (
	player_id TEXT PRIMARY KEY,
	marked_by TEXT NOT NULL,
	marked_at BIGINT NOT NULL
);

-- The rating points given back to an opponent of a marked player for
-- one game they lost against them: one row per game and opponent, so a
-- refund is applied once, whichever server marks.
CREATE TABLE rating_refunds (
	game_id   TEXT NOT NULL,
	player_id TEXT NOT NULL,
	grp       TEXT NOT NULL,
	points    DOUBLE PRECISION NOT NULL,
	at        BIGINT NOT NULL,
	PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_refunds_by_player ON rating_refunds (player_id);
