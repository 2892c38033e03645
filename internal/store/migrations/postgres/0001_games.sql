-- Games and their moves. Times are Unix milliseconds. A seat's token is
-- kept only as its SHA-256 hash; AI seats have none.
CREATE TABLE games (
	id          TEXT PRIMARY KEY,
	game        TEXT NOT NULL,
	start       TEXT NOT NULL,
	seat0_kind  TEXT NOT NULL,
	seat0_level BIGINT NOT NULL,
	seat0_token BYTEA,
	seat1_kind  TEXT NOT NULL,
	seat1_level BIGINT NOT NULL,
	seat1_token BYTEA,
	result      TEXT NOT NULL,
	reason      TEXT NOT NULL,
	draw_offer  BIGINT NOT NULL,
	plies       BIGINT NOT NULL,
	version     BIGINT NOT NULL,
	created_at  BIGINT NOT NULL,
	updated_at  BIGINT NOT NULL
);
CREATE INDEX games_by_update ON games (updated_at DESC);
CREATE INDEX games_by_result ON games (result, updated_at DESC);

-- One row per accepted move: the primary key makes two moves for the
-- same ply of a game impossible, whatever the server does.
CREATE TABLE moves (
	game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	ply     BIGINT NOT NULL,
	move    TEXT NOT NULL,
	player  BIGINT NOT NULL,
	at      BIGINT NOT NULL,
	PRIMARY KEY (game_id, ply)
);
