-- The clock of a timed game (internal/clock): one row per timed game,
-- written in the transaction of every change of the game, so that the
-- clock and the moves never disagree. Untimed games have no row.
-- control is the canonical time control ("5+3", "3d/14"); left0/left1
-- what each player had when the running player's clock started at since
-- (real time: their bank; correspondence: their vacation left); running
-- the player whose clock runs, or -1; moved0/moved1 whether each player
-- has ended a turn (a first turn is free, and its limit passing aborts
-- the game); year_start the start of the vacation year. deadline is when
-- the running player runs out of time (0: none): every server polls the
-- due deadlines, and the change that ends a game on time is written with
-- the game's version compare-and-set, so it happens once. Times and
-- durations are Unix milliseconds.
CREATE TABLE game_clocks (
	game_id    TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	control    TEXT NOT NULL,
	left0      BIGINT NOT NULL,
	left1      BIGINT NOT NULL,
	running    BIGINT NOT NULL,
	since      BIGINT NOT NULL,
	moved0     BIGINT NOT NULL,
	moved1     BIGINT NOT NULL,
	year_start BIGINT NOT NULL,
	deadline   BIGINT NOT NULL
);
CREATE INDEX game_clocks_by_deadline ON game_clocks (deadline) WHERE deadline > 0;
