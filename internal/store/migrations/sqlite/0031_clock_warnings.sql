-- The "you are about to time out" warning of a correspondence game
-- (internal/clock's Warning): warn_at is when the running player is to
-- be told, 0 when nobody is. It is written with the clock; the server
-- that sends the warning clears it with a compare-and-set on its value,
-- so one warning goes however many servers poll, and a move, which
-- writes the next turn's warn_at, re-arms it. Unix milliseconds.
ALTER TABLE game_clocks ADD COLUMN warn_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX game_clocks_by_warning ON game_clocks (warn_at) WHERE warn_at > 0;
