-- Conditional moves (issue 30, point 13): the lines a player of a
-- correspondence game plans, "if they play A, I play B, then if C, D",
-- private to that seat. One row per seat that has lines: ply is the
-- number of moves the game had when the lines start (a row whose ply is
-- not the game's is stale and never played), lines the JSON list of
-- lists of moves (the opponent's first). player is the seat's player id
-- ('' for a seat held by token only), updated_at Unix milliseconds.
CREATE TABLE conditional_moves (
	game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seat INTEGER NOT NULL,
	player TEXT NOT NULL,
	ply INTEGER NOT NULL,
	lines TEXT NOT NULL,
	updated_at BIGINT NOT NULL,
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX conditional_moves_by_player ON conditional_moves (player);
