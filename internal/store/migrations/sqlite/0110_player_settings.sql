-- A player's settings (issue 30, point 14): move confirmation, board,
-- animation, zen mode, volume, as the settings package encodes them
-- (JSON), so that they follow the player to every browser. One row per
-- player who saved any; updated_at is in Unix milliseconds.
CREATE TABLE player_settings (
	player TEXT PRIMARY KEY REFERENCES players(id),
	settings TEXT NOT NULL,
	updated_at INTEGER NOT NULL
);
