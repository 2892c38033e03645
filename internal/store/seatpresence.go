package store

import (
	"context"
	"database/sql"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
	"time"
)

// PresentSeat is a seat of a game that a WebSocket identified as its own.
type PresentSeat struct {
	Game string
	Seat int
}

// SeatPresence keeps which seats of games have a WebSocket open, per
// server, as leases each server renews: a seat connected through any
// server is connected, and a server that dies stops counting when its
// leases run out. SweepLobby deletes the lapsed ones.
type SeatPresence interface {
	// SetSeatsPresent replaces server's present seats by seats, each
	// held until until; other servers' seats are left as they are.
	SetSeatsPresent(ctx context.Context, server string, seats []PresentSeat, until time.Time) error
	// SeatsPresent returns the seats of games that a server other than
	// server holds a live lease of at now, each once, by game then seat.
	SeatsPresent(ctx context.Context, server string, games []string, now time.Time) ([]PresentSeat, error)
}

// seatsBatch bounds the games one SeatsPresent query names.
const seatsBatch = 500

// SetSeatsPresent implements SeatPresence. It writes only what changed:
// one statement renews every lease of the server, then the seats gone
// are deleted and the new ones inserted through one prepared statement.
// Rewriting every seat at each change cost a quarter of the server's CPU
// under a load test of 300 games (docs/perf.md).
func (s *sqlStore) SetSeatsPresent(ctx context.Context, server string, seats []PresentSeat, until time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE seat_presence SET until = ? WHERE server = ?`), millis(until), server); err != nil {
			return fmt.Errorf("store: seat presence: %w", err)
		}
		held, err := s.heldSeats(ctx, tx, server)
		if err != nil {
			return err
		}
		var add []PresentSeat
		for _, p := range seats {
			if held[p] {
				delete(held, p)
			} else {
				add = append(add, p)
			}
		}
		if err := s.execSeats(ctx, tx, `DELETE FROM seat_presence WHERE game_id = ? AND seat = ? AND server = ?`, maps.Keys(held), server); err != nil {
			return err
		}
		return s.execSeats(ctx, tx, `INSERT INTO seat_presence (game_id, seat, server, until) VALUES (?, ?, ?, ?)
			ON CONFLICT (game_id, seat, server) DO UPDATE SET until = excluded.until`, slices.Values(add), server, millis(until))
	})
}

// heldSeats reads the seats server holds now.
func (s *sqlStore) heldSeats(ctx context.Context, tx *sql.Tx, server string) (map[PresentSeat]bool, error) {
	rows, err := tx.QueryContext(ctx, s.rebind(`SELECT game_id, seat FROM seat_presence WHERE server = ?`), server)
	if err != nil {
		return nil, fmt.Errorf("store: seat presence: %w", err)
	}
	defer rows.Close()
	held := map[PresentSeat]bool{}
	for rows.Next() {
		var p PresentSeat
		if err := rows.Scan(&p.Game, &p.Seat); err != nil {
			return nil, fmt.Errorf("store: seat presence: %w", err)
		}
		held[p] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: seat presence: %w", err)
	}
	return held, nil
}

// execSeats runs one prepared statement for each seat, with the seat's
// game and number first, then more.
func (s *sqlStore) execSeats(ctx context.Context, tx *sql.Tx, query string, seats iter.Seq[PresentSeat], more ...any) error {
	var stmt *sql.Stmt
	for p := range seats {
		if stmt == nil {
			var err error
			if stmt, err = tx.PrepareContext(ctx, s.rebind(query)); err != nil {
				return fmt.Errorf("store: seat presence: %w", err)
			}
			defer stmt.Close()
		}
		if _, err := stmt.ExecContext(ctx, append([]any{p.Game, p.Seat}, more...)...); err != nil {
			return fmt.Errorf("store: seat presence: %w", err)
		}
	}
	return nil
}

// SeatsPresent implements SeatPresence.
func (s *sqlStore) SeatsPresent(ctx context.Context, server string, games []string, now time.Time) ([]PresentSeat, error) {
	var out []PresentSeat
	for len(games) > 0 {
		n := min(len(games), seatsBatch)
		got, err := s.seatsPresent(ctx, server, games[:n], now)
		if err != nil {
			return nil, err
		}
		out, games = append(out, got...), games[n:]
	}
	return out, nil
}

// seatsPresent is SeatsPresent for at most seatsBatch games.
func (s *sqlStore) seatsPresent(ctx context.Context, server string, games []string, now time.Time) ([]PresentSeat, error) {
	args := []any{server, millis(now)}
	for _, g := range games {
		args = append(args, g)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(games)), ", ")
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT DISTINCT game_id, seat FROM seat_presence
		WHERE server <> ? AND until > ? AND game_id IN (`+marks+`) ORDER BY game_id, seat`), args...)
	if err != nil {
		return nil, fmt.Errorf("store: seats present: %w", err)
	}
	defer rows.Close()
	var out []PresentSeat
	for rows.Next() {
		var p PresentSeat
		if err := rows.Scan(&p.Game, &p.Seat); err != nil {
			return nil, fmt.Errorf("store: seats present: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: seats present: %w", err)
	}
	return out, nil
}
