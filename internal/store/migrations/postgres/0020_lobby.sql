-- The lobby (internal/lobby, docs/lobby.md). Times are Unix milliseconds.
--
-- A seek is open while state = 'open'; accepting it is one UPDATE ...
-- WHERE state = 'open' in the transaction that creates the game, so of
-- two accepts, on one server or two, exactly one changes the row and
-- starts a game. A challenge is a seek with to_id set. An accepted seek
-- is kept a few minutes, for the owner's server to send them to the game.
CREATE TABLE seeks (
	id           TEXT PRIMARY KEY,
	game         TEXT NOT NULL,
	time_control TEXT NOT NULL,
	rated        BIGINT NOT NULL,
	colour       TEXT NOT NULL,
	kind         TEXT NOT NULL,
	owner_id     TEXT NOT NULL,
	owner_name   TEXT NOT NULL,
	to_id        TEXT NOT NULL,
	to_name      TEXT NOT NULL,
	quick        BIGINT NOT NULL,
	rating       BIGINT NOT NULL,
	rating_range BIGINT NOT NULL,
	created_at   BIGINT NOT NULL,
	expires_at   BIGINT NOT NULL,
	state        TEXT NOT NULL,
	game_id      TEXT NOT NULL,
	owner_seat   BIGINT NOT NULL,
	taker_id     TEXT NOT NULL,
	closed_at    BIGINT NOT NULL
);
CREATE INDEX seeks_by_state ON seeks (state, created_at);

-- One row counted up by every change of the seeks: servers poll it to
-- learn that the lobby changed, whichever server changed it.
CREATE TABLE lobby_version (
	id      INTEGER PRIMARY KEY,
	version BIGINT NOT NULL
);
INSERT INTO lobby_version (id, version) VALUES (1, 0);

-- Who has the lobby open, per server, as a lease the server renews:
-- a server that dies stops renewing, and its players' real-time seeks
-- die when the lease runs out.
CREATE TABLE lobby_presence (
	player_id TEXT NOT NULL,
	server    TEXT NOT NULL,
	name      TEXT NOT NULL,
	until     BIGINT NOT NULL,
	PRIMARY KEY (player_id, server)
);

-- Spectators of a game, counted per server under a lease.
CREATE TABLE game_watchers (
	game_id  TEXT NOT NULL,
	server   TEXT NOT NULL,
	watchers BIGINT NOT NULL,
	until    BIGINT NOT NULL,
	PRIMARY KEY (game_id, server)
);

-- A rematch of a finished game: offered by a seat, started (new_game)
-- when the other seat accepts, in the transaction creating the game.
-- token is the offering seat's token in the new game, for its player.
CREATE TABLE rematches (
	game_id    TEXT PRIMARY KEY,
	by_seat    BIGINT NOT NULL,
	new_game   TEXT NOT NULL,
	token      TEXT NOT NULL,
	created_at BIGINT NOT NULL
);
