-- Seats belong to players (issue #13): the id of the player who sits in
-- each human seat ('' while nobody does: an invite not yet accepted, or
-- a game from before players existed, whose seat tokens claim it). A
-- private game is left out of the public lists. to_act is the player to
-- act, kept with every change so that a player's list can put the games
-- where it is their turn first (-1: not known yet, for older games).
ALTER TABLE games ADD COLUMN seat0_player TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN seat1_player TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN private BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN to_act BIGINT NOT NULL DEFAULT -1;
CREATE INDEX games_by_seat0_player ON games (seat0_player, updated_at DESC) WHERE seat0_player <> '';
CREATE INDEX games_by_seat1_player ON games (seat1_player, updated_at DESC) WHERE seat1_player <> '';

-- API keys: a player's credentials for programs (engine clients, bots,
-- plateau loadtest), sent as "Authorization: Bearer". Only the key's
-- SHA-256 is kept; the key itself is shown once, when it is made.
CREATE TABLE api_keys (
	id         TEXT PRIMARY KEY,
	hash       BYTEA NOT NULL UNIQUE,
	player     TEXT NOT NULL,
	label      TEXT NOT NULL,
	created_at BIGINT NOT NULL
);
CREATE INDEX api_keys_by_player ON api_keys (player, created_at);
