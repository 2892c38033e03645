-- A game's chat lines (internal/chat): channel is 'players' or
-- 'spectators', seat the sender's seat (-1 for a spectator), author the
-- sender's player id ('' when unknown) and name as shown. They go with
-- their game.
CREATE TABLE chat (
	id      INTEGER PRIMARY KEY AUTOINCREMENT,
	game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	channel TEXT NOT NULL,
	seat    INTEGER NOT NULL,
	author  TEXT NOT NULL,
	name    TEXT NOT NULL,
	text    TEXT NOT NULL,
	at      INTEGER NOT NULL
);
CREATE INDEX chat_by_game ON chat (game_id, id);

-- What a player chose not to read: kind 'channel' (target: a chat) or
-- 'author' (target: a player id), in every game.
CREATE TABLE chat_mutes (
	player_id TEXT NOT NULL,
	kind      TEXT NOT NULL,
	target    TEXT NOT NULL,
	PRIMARY KEY (player_id, kind, target)
);
