package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// PuzzleRating is a Glicko-2 rating of a player at a game's puzzles, or
// of a puzzle, with how many attempts made it and how many solved it.
type PuzzleRating struct {
	R, RD, Vol float64
	Attempts   int
	Solved     int
}

// PuzzleAttempt is a player's answer to a puzzle. PlayerStart and
// PuzzleStart are the ratings to begin from when the player has never
// tried the game's puzzles, or nobody has tried this puzzle.
type PuzzleAttempt struct {
	Player, Game, Puzzle     string
	Solved                   bool
	At                       time.Time
	PlayerStart, PuzzleStart PuzzleRating
}

// PuzzleRate computes the ratings after an attempt, from those before
// (the store keeps the counts).
type PuzzleRate func(player, puzzle PuzzleRating, solved bool) (PuzzleRating, PuzzleRating)

// Puzzles keeps the ratings of players at puzzles and of the puzzles.
type Puzzles interface {
	// RatePuzzle records an attempt. Only a player's first attempt at a
	// puzzle counts: it updates both ratings with rate in one
	// transaction, and first is true. A later one changes nothing. The
	// ratings returned are those after the attempt.
	RatePuzzle(ctx context.Context, a PuzzleAttempt, rate PuzzleRate) (player, puzzle PuzzleRating, first bool, err error)
	// PlayerPuzzleRating returns a player's rating at a game's puzzles;
	// ok is false when the player has tried none.
	PlayerPuzzleRating(ctx context.Context, player, game string) (r PuzzleRating, ok bool, err error)
	// PuzzleRatingOf returns a puzzle's rating; ok is false when nobody
	// has tried it.
	PuzzleRatingOf(ctx context.Context, puzzle string) (r PuzzleRating, ok bool, err error)
	// TriedPuzzles returns the puzzles of a game a player has tried.
	TriedPuzzles(ctx context.Context, player, game string) (map[string]bool, error)
}

// The statements of the puzzle ratings, written with "?". The upserts
// that touch a row before reading it lock it in PostgreSQL until commit,
// so that two attempts at one puzzle update its rating one after the
// other instead of both from the same old value.
const (
	qPzAttempt = `INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, at) VALUES (?, ?, ?, ?)
		ON CONFLICT (player_id, puzzle_id) DO NOTHING`
	qPzLockPlayer = `INSERT INTO puzzle_players (player_id, game, rating, rd, vol, attempts, solved, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0, ?)
		ON CONFLICT (player_id, game) DO UPDATE SET attempts = puzzle_players.attempts
		RETURNING rating, rd, vol, attempts, solved`
	qPzLockPuzzle = `INSERT INTO puzzle_ratings (puzzle_id, game, rating, rd, vol, attempts, solved) VALUES (?, ?, ?, ?, ?, 0, 0)
		ON CONFLICT (puzzle_id) DO UPDATE SET attempts = puzzle_ratings.attempts
		RETURNING rating, rd, vol, attempts, solved`
	qPzSetPlayer = `UPDATE puzzle_players SET rating = ?, rd = ?, vol = ?, attempts = ?, solved = ?, updated_at = ? WHERE player_id = ? AND game = ?`
	qPzSetPuzzle = `UPDATE puzzle_ratings SET rating = ?, rd = ?, vol = ?, attempts = ?, solved = ? WHERE puzzle_id = ?`
	qPzPlayer    = `SELECT rating, rd, vol, attempts, solved FROM puzzle_players WHERE player_id = ? AND game = ?`
	qPzPuzzle    = `SELECT rating, rd, vol, attempts, solved FROM puzzle_ratings WHERE puzzle_id = ?`
	qPzTried     = `SELECT a.puzzle_id FROM puzzle_attempts a JOIN puzzle_ratings p ON p.puzzle_id = a.puzzle_id WHERE a.player_id = ? AND p.game = ?`
)

// RatePuzzle implements Puzzles.
func (s *sqlStore) RatePuzzle(ctx context.Context, a PuzzleAttempt, rate PuzzleRate) (PuzzleRating, PuzzleRating, bool, error) {
	var pl, pz PuzzleRating
	var first bool
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		solved := 0
		if a.Solved {
			solved = 1
		}
		res, err := tx.ExecContext(ctx, s.rebind(qPzAttempt), a.Player, a.Puzzle, solved, millis(a.At))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		first = n == 1
		at := millis(a.At)
		ps := a.PlayerStart
		if err := scanPuzzleRating(tx.QueryRowContext(ctx, s.rebind(qPzLockPlayer), a.Player, a.Game, ps.R, ps.RD, ps.Vol, at), &pl); err != nil {
			return err
		}
		zs := a.PuzzleStart
		if err := scanPuzzleRating(tx.QueryRowContext(ctx, s.rebind(qPzLockPuzzle), a.Puzzle, a.Game, zs.R, zs.RD, zs.Vol), &pz); err != nil {
			return err
		}
		if !first {
			return nil
		}
		pl, pz = rate(pl, pz, a.Solved)
		pl.Attempts, pz.Attempts = pl.Attempts+1, pz.Attempts+1
		if a.Solved {
			pl.Solved, pz.Solved = pl.Solved+1, pz.Solved+1
		}
		if _, err := tx.ExecContext(ctx, s.rebind(qPzSetPlayer), pl.R, pl.RD, pl.Vol, pl.Attempts, pl.Solved, at, a.Player, a.Game); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.rebind(qPzSetPuzzle), pz.R, pz.RD, pz.Vol, pz.Attempts, pz.Solved, a.Puzzle)
		return err
	})
	if err != nil {
		return PuzzleRating{}, PuzzleRating{}, false, fmt.Errorf("store: rate puzzle %s: %w", a.Puzzle, err)
	}
	return pl, pz, first, nil
}

func scanPuzzleRating(row *sql.Row, r *PuzzleRating) error {
	return row.Scan(&r.R, &r.RD, &r.Vol, &r.Attempts, &r.Solved)
}

// PlayerPuzzleRating implements Puzzles.
func (s *sqlStore) PlayerPuzzleRating(ctx context.Context, player, game string) (PuzzleRating, bool, error) {
	return s.oneRating(ctx, s.rebind(qPzPlayer), player, game)
}

// PuzzleRatingOf implements Puzzles.
func (s *sqlStore) PuzzleRatingOf(ctx context.Context, puzzle string) (PuzzleRating, bool, error) {
	return s.oneRating(ctx, s.rebind(qPzPuzzle), puzzle)
}

func (s *sqlStore) oneRating(ctx context.Context, q string, args ...any) (PuzzleRating, bool, error) {
	var r PuzzleRating
	err := scanPuzzleRating(s.read.QueryRowContext(ctx, q, args...), &r)
	if errors.Is(err, sql.ErrNoRows) {
		return PuzzleRating{}, false, nil
	}
	if err != nil {
		return PuzzleRating{}, false, fmt.Errorf("store: puzzle rating: %w", err)
	}
	return r, true, nil
}

// TriedPuzzles implements Puzzles.
func (s *sqlStore) TriedPuzzles(ctx context.Context, player, game string) (map[string]bool, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(qPzTried), player, game)
	if err != nil {
		return nil, fmt.Errorf("store: tried puzzles: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: tried puzzles: %w", err)
		}
		out[id] = true
	}
	return out, rows.Err()
}
