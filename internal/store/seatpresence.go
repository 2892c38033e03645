package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
	"sync"
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
// under a load test of 300 games (docs/perf.md). What the server holds
// is read back only when the renewal's row count disagrees with what it
// last wrote (a sweep deleted lapsed leases, a write failed): reading it
// at every change was the next largest cost.
func (s *sqlStore) SetSeatsPresent(ctx context.Context, server string, seats []PresentSeat, until time.Time) error {
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(`UPDATE seat_presence SET until = ? WHERE server = ?`), millis(until), server)
		if err != nil {
			return fmt.Errorf("store: seat presence: %w", err)
		}
		held := s.held.get(server, res)
		if held == nil {
			if held, err = s.heldSeats(ctx, tx, server); err != nil {
				return err
			}
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
	s.held.put(server, seats, err)
	return err
}

// heldCache remembers the seats each server of this process last wrote,
// so that a change need not read them back. A nil *heldCache remembers
// nothing.
type heldCache struct {
	mu   sync.Mutex
	last map[string]map[PresentSeat]bool
}

// newHeldCache returns an empty heldCache.
func newHeldCache() *heldCache { return &heldCache{last: map[string]map[PresentSeat]bool{}} }

// get returns a copy of what server last wrote when the renewal res
// touched exactly that many rows, else nil: then the table must be read.
func (c *heldCache) get(server string, res sql.Result) map[PresentSeat]bool {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	last, ok := c.last[server]
	if n, err := res.RowsAffected(); !ok || err != nil || n != int64(len(last)) {
		return nil
	}
	return maps.Clone(last)
}

// put records seats as what server holds after a write that returned
// err; after a failed one nothing is known.
func (c *heldCache) put(server string, seats []PresentSeat, err error) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		delete(c.last, server)
		return
	}
	m := make(map[PresentSeat]bool, len(seats))
	for _, p := range seats {
		m[p] = true
	}
	c.last[server] = m
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
// It first asks whether any other server holds a live lease at all:
// alone on its database, a server then skips the query naming every
// game it holds, which it would otherwise parse and run at each poll.
func (s *sqlStore) SeatsPresent(ctx context.Context, server string, games []string, now time.Time) ([]PresentSeat, error) {
	var one int
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT 1 FROM seat_presence WHERE server <> ? AND until > ? LIMIT 1`), server, millis(now)).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("store: seats present: %w", err)
	}
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
