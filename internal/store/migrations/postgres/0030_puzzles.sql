-- Puzzle ratings (Glicko-2, on the players' scale). A puzzle's row is
-- made at its first attempt, from the rating the miner guessed; a
-- player's row per game at their first attempt. An attempt is counted
-- once per player and puzzle (the primary key of puzzle_attempts decides
-- it, in the transaction that updates both ratings): trying a puzzle
-- again after seeing its solution changes nothing. Times are Unix
-- milliseconds.
CREATE TABLE puzzle_ratings (
	puzzle_id TEXT PRIMARY KEY,
	game      TEXT NOT NULL,
	rating    DOUBLE PRECISION NOT NULL,
	rd        DOUBLE PRECISION NOT NULL,
	vol       DOUBLE PRECISION NOT NULL,
	attempts  BIGINT NOT NULL DEFAULT 0,
	solved    BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE puzzle_players (
	player_id  TEXT NOT NULL,
	game       TEXT NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	rd         DOUBLE PRECISION NOT NULL,
	vol        DOUBLE PRECISION NOT NULL,
	attempts   BIGINT NOT NULL DEFAULT 0,
	solved     BIGINT NOT NULL DEFAULT 0,
	updated_at BIGINT NOT NULL,
	PRIMARY KEY (player_id, game)
);

CREATE TABLE puzzle_attempts (
	player_id TEXT NOT NULL,
	puzzle_id TEXT NOT NULL,
	solved    BIGINT NOT NULL,
	at        BIGINT NOT NULL,
	PRIMARY KEY (player_id, puzzle_id)
);
