-- An AI move owed: one row per game whose AI seat is to act, written in
-- the transaction of the change that made it owed and deleted in the
-- transaction of the move that pays it. A server claims due rows with a
-- lease (owner, lease_until) and renews it while it searches; an expired
-- lease is claimable by any server, so a move is never lost with the
-- server that was thinking. Times are Unix milliseconds.
CREATE TABLE ai_jobs (
	game_id     TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	version     INTEGER NOT NULL,
	due         INTEGER NOT NULL,
	owner       TEXT NOT NULL DEFAULT '',
	lease_until INTEGER NOT NULL DEFAULT 0,
	attempts    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ai_jobs_by_due ON ai_jobs (due, game_id);

-- Games stored before this table existed: every ongoing game with an AI
-- seat gets a job; the server drops those whose AI is not to act.
INSERT INTO ai_jobs (game_id, version, due)
	SELECT id, version, updated_at FROM games
	WHERE result = 'ongoing' AND (seat0_kind = 'ai' OR seat1_kind = 'ai');
