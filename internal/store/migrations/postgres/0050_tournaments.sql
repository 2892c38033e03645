-- Tournaments (internal/tournaments, docs/tournaments.md). Times are Unix
-- milliseconds.
--
-- Every step of an event is decided here exactly once, whichever server
-- runs it: a runner leases a tournament whose due time has come (owner,
-- lease_until, as the AI jobs are leased); each step is one transaction
-- that moves the row on by compare-and-set on version and inserts the
-- round's pairings under their primary key, so two servers pairing the
-- same round make one pairing and the other rolls back. A pairing's game
-- id is chosen when the round is paired, and the game is created under
-- it afterwards: a server killed between the two leaves created = 0, and
-- whichever runner comes next creates it (creating an existing id is a
-- no-op). An edition of a series is unique on (series_id, edition).
CREATE TABLE tournaments (
	id          TEXT PRIMARY KEY,
	game        TEXT NOT NULL,
	format      TEXT NOT NULL,
	name        TEXT NOT NULL,
	description TEXT NOT NULL,
	settings    TEXT NOT NULL,
	owner_id    TEXT NOT NULL,
	series_id   TEXT NOT NULL,
	edition     BIGINT NOT NULL,
	state       TEXT NOT NULL,
	round       BIGINT NOT NULL,
	starts_at   BIGINT NOT NULL,
	round_ends  BIGINT NOT NULL,
	created_at  BIGINT NOT NULL,
	finished_at BIGINT NOT NULL,
	winner_id   TEXT NOT NULL,
	version     BIGINT NOT NULL,
	due         BIGINT NOT NULL,
	owner       TEXT NOT NULL,
	lease_until BIGINT NOT NULL
);
CREATE INDEX tournaments_by_due ON tournaments (due, lease_until);
CREATE INDEX tournaments_by_game ON tournaments (game, state, starts_at);
CREATE UNIQUE INDEX tournaments_edition ON tournaments (series_id, edition) WHERE series_id <> '';

CREATE TABLE tournament_players (
	tournament_id TEXT NOT NULL,
	player_id     TEXT NOT NULL,
	name          TEXT NOT NULL,
	rating        BIGINT NOT NULL,
	division      BIGINT NOT NULL,
	joined_at     BIGINT NOT NULL,
	withdrawn_at  BIGINT NOT NULL,
	PRIMARY KEY (tournament_id, player_id)
);

-- One row per game of a pairing: board numbers the pairing in its
-- round, leg 0 or 1 the game of a colour-swapped pair. second_id '' is a
-- bye. result is '' until known: 'first', 'second' or 'draw'; forfeit
-- marks a game lost by time-out, by not starting or at the deadline.
CREATE TABLE tournament_pairings (
	tournament_id TEXT NOT NULL,
	round         BIGINT NOT NULL,
	board         BIGINT NOT NULL,
	leg           BIGINT NOT NULL,
	division      BIGINT NOT NULL,
	first_id      TEXT NOT NULL,
	second_id     TEXT NOT NULL,
	game_id       TEXT NOT NULL,
	created       BIGINT NOT NULL,
	result        TEXT NOT NULL,
	forfeit       BIGINT NOT NULL,
	paired_at     BIGINT NOT NULL,
	PRIMARY KEY (tournament_id, round, board, leg)
);
CREATE INDEX tournament_pairings_by_game ON tournament_pairings (game_id);
