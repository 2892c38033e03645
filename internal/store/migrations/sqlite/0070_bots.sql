-- Bot accounts (internal/bots, docs/bots.md). A row makes an account a
-- bot, for good: it plays through the API only, in its own rating pools
-- ("bot:" + the pool), and seen_at (Unix ms) is the last time one of its
-- event streams was open, for the online bots page.
CREATE TABLE bots (
	player_id  TEXT PRIMARY KEY,
	created_at INTEGER NOT NULL,
	seen_at    INTEGER NOT NULL DEFAULT 0
);

-- A bot's event stream: challenges to it and its games starting and
-- ending, each written once (the unique key decides it, whichever server
-- saw it first) under a number that grows, the cursor a stream resumes
-- from. body is the event's JSON.
CREATE TABLE bot_events (
	seq    INTEGER PRIMARY KEY AUTOINCREMENT,
	bot_id TEXT NOT NULL,
	kind   TEXT NOT NULL,
	ref    TEXT NOT NULL,
	body   TEXT NOT NULL,
	at     INTEGER NOT NULL,
	UNIQUE (bot_id, kind, ref)
);
CREATE INDEX bot_events_by_bot ON bot_events (bot_id, seq);
