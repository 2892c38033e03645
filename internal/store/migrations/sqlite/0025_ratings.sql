-- Ratings (internal/ratings: Glicko-2, one rating per player and pool).
-- rated: the players chose a rated game when it was created. rating_applied
-- becomes 1 in the transaction that applies the game's rating update, and
-- that transaction changes nothing unless it set it from 0: a game's
-- result moves the ratings once, whichever servers finish it.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rating_applied INTEGER NOT NULL DEFAULT 0;

-- A player's rating in a pool (grp: "oxford", "oxford:variant=beginner").
-- games counts the rated games played in it; updated_at (Unix ms) is the
-- last one, from which the deviation grows while the player is away.
CREATE TABLE ratings (
	player_id  TEXT NOT NULL,
	grp        TEXT NOT NULL,
	rating     REAL NOT NULL,
	rd         REAL NOT NULL,
	vol        REAL NOT NULL,
	games      INTEGER NOT NULL DEFAULT 0,
	updated_at INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (player_id, grp)
);
CREATE INDEX ratings_by_group ON ratings (grp, rating DESC);

-- The rating after each rated game, for the player page's chart.
CREATE TABLE rating_history (
	player_id TEXT NOT NULL,
	grp       TEXT NOT NULL,
	game_id   TEXT NOT NULL,
	rating    REAL NOT NULL,
	rd        REAL NOT NULL,
	at        INTEGER NOT NULL,
	PRIMARY KEY (player_id, game_id)
);
CREATE INDEX rating_history_by_player ON rating_history (player_id, grp, at);
