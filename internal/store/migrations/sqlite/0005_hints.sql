-- How many hints (the engine's best move, shown in the browser) the
-- players asked for: a game where hints were used is marked as such.
-- A take-back does not give a hint back, so the count only grows.
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
