-- Players and their browser sessions. Times are Unix milliseconds.
-- A player is a guest (kind 'guest', no username) until it becomes an
-- account (kind 'account'): the row, and so its id, stays the same, so
-- that every game bound to it is kept. A deleted account keeps its row
-- (kind 'deleted', an anonymous name, no credentials) for its games.
-- username_key is the username lower-cased: the unique index makes
-- usernames case-insensitively unique; NULLs (guests) never collide.
CREATE TABLE players (
	id            TEXT PRIMARY KEY,
	name          TEXT NOT NULL,
	kind          TEXT NOT NULL,
	username      TEXT,
	username_key  TEXT,
	password_hash TEXT,
	joined_at     INTEGER NOT NULL,
	updated_at    INTEGER NOT NULL
);
CREATE UNIQUE INDEX players_by_username ON players (username_key);

-- A session is a browser's cookie: only the SHA-256 hash of its token
-- is kept, so a copy of the database logs nobody in. expires_at slides
-- forward as the session is used.
CREATE TABLE sessions (
	token_hash BLOB PRIMARY KEY,
	player_id  TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
	created_at INTEGER NOT NULL,
	expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_player ON sessions (player_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
