-- Moderation (internal/moderation, docs/moderation.md). Times are Unix
-- milliseconds. Player ids are not foreign keys: a player's row is never
-- deleted (a deleted account keeps it, anonymised), and the moderation
-- records of a closed account must outlive its credentials.

-- A player (blocker) blocked another (blocked): the pair cannot meet in
-- the lobby nor chat. One row per pair and direction.
CREATE TABLE blocks (
	blocker TEXT NOT NULL,
	blocked TEXT NOT NULL,
	at      INTEGER NOT NULL,
	PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_by_blocked ON blocks (blocked);

-- A player's report about another, with the evidence gathered when it
-- was made (JSON: the game's moves, the reported player's chat lines).
-- status: 'open', 'dismissed' or 'actioned'.
CREATE TABLE reports (
	id          INTEGER PRIMARY KEY AUTOINCREMENT,
	reporter    TEXT NOT NULL,
	reported    TEXT NOT NULL,
	reason      TEXT NOT NULL,
	note        TEXT NOT NULL,
	game_id     TEXT NOT NULL,
	evidence    TEXT NOT NULL,
	status      TEXT NOT NULL,
	created_at  INTEGER NOT NULL,
	resolved_at INTEGER NOT NULL DEFAULT 0,
	resolved_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reports_by_status ON reports (status, reason, created_at);
CREATE INDEX reports_by_reporter ON reports (reporter, created_at);
CREATE INDEX reports_by_reported ON reports (reported, created_at);

-- The players with a role: 'admin' or 'moderator'.
CREATE TABLE roles (
	player_id  TEXT PRIMARY KEY,
	role       TEXT NOT NULL,
	granted_at INTEGER NOT NULL,
	granted_by TEXT NOT NULL
);

-- The audit log: every moderator action, with who and why. until ends a
-- chat ban (0 otherwise); seen_at is when the player read a warning.
CREATE TABLE mod_actions (
	id        INTEGER PRIMARY KEY AUTOINCREMENT,
	moderator TEXT NOT NULL,
	player_id TEXT NOT NULL,
	action    TEXT NOT NULL,
	reason    TEXT NOT NULL,
	report_id INTEGER NOT NULL DEFAULT 0,
	until     INTEGER NOT NULL DEFAULT 0,
	seen_at   INTEGER NOT NULL DEFAULT 0,
	at        INTEGER NOT NULL
);
CREATE INDEX mod_actions_by_player ON mod_actions (player_id, at);
