package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Clock is a timed game's clock as stored; internal/clock says what the
// fields mean. A Game whose Clock.Control is "" is untimed.
type Clock struct {
	Control   string // canonical time control, "" for untimed
	Left      [2]time.Duration
	Running   int // the player whose clock runs, or -1
	Since     time.Time
	Moved     [2]bool
	YearStart time.Time
	// Deadline is when the running player runs out of time; zero: none.
	Deadline time.Time
	// Warn is when the running player is to be told they are about to
	// time out; zero: never, or told already.
	Warn time.Time
}

// Warning is a due "about to time out" warning: the game, and the
// warning's time, which ClaimWarning compares.
type Warning struct {
	Game string
	At   time.Time
}

// Clocks finds the timed games whose deadline has passed, for the
// servers to end them. Store.Create and Store.Update write a game's
// clock (Game.Clock, Update.Clock) in the transaction of the change; a
// timeout is an Update like any other, so its compare-and-set on the
// game's version makes it happen once however many servers see the
// deadline pass.
type Clocks interface {
	// DueClocks returns at most n games whose deadline is at or before
	// now, earliest first.
	DueClocks(ctx context.Context, now time.Time, n int) ([]string, error)
	// NextDeadline returns the earliest deadline or warning of all
	// games, or the zero time when there is none.
	NextDeadline(ctx context.Context) (time.Time, error)
	// DueWarnings returns at most n warnings due at or before now,
	// earliest first.
	DueWarnings(ctx context.Context, now time.Time, n int) ([]Warning, error)
	// ClaimWarning clears w if the game's warning is still w and, in
	// the same transaction, adds notes (the warning's notifications);
	// it reports whether it did: of two servers claiming one warning,
	// one gets true and its notes are written once, and a warning that
	// a move replaced is not claimed.
	ClaimWarning(ctx context.Context, w Warning, notes []Note) (bool, error)
}

const (
	qClockSet = `INSERT INTO game_clocks (game_id, control, left0, left1, running, since, moved0, moved1, year_start, deadline, warn_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET control = excluded.control, left0 = excluded.left0, left1 = excluded.left1,
		running = excluded.running, since = excluded.since, moved0 = excluded.moved0, moved1 = excluded.moved1,
		year_start = excluded.year_start, deadline = excluded.deadline, warn_at = excluded.warn_at`
	qClockLoad = `SELECT control, left0, left1, running, since, moved0, moved1, year_start, deadline, warn_at FROM game_clocks WHERE game_id = ?`
	qClocksDue = `SELECT game_id FROM game_clocks WHERE deadline > 0 AND deadline <= ? ORDER BY deadline, game_id LIMIT ?`
	// Each minimum uses its partial index.
	qClockNext = `SELECT coalesce((SELECT min(deadline) FROM game_clocks WHERE deadline > 0), 0),
		coalesce((SELECT min(warn_at) FROM game_clocks WHERE warn_at > 0), 0)`
	qWarningsDue  = `SELECT game_id, warn_at FROM game_clocks WHERE warn_at > 0 AND warn_at <= ? ORDER BY warn_at, game_id LIMIT ?`
	qWarningClaim = `UPDATE game_clocks SET warn_at = 0 WHERE game_id = ? AND warn_at = ?`
)

// millisOrZero keeps the zero time as 0, "none".
func millisOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return millis(t)
}

// setClock writes the game's clock in a change's transaction; a nil or
// untimed clock writes nothing.
func (s *sqlStore) setClock(ctx context.Context, tx *sql.Tx, id string, c *Clock) error {
	if c == nil || c.Control == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, s.rebind(qClockSet), id, c.Control, c.Left[0].Milliseconds(), c.Left[1].Milliseconds(),
		c.Running, millis(c.Since), boolInt(c.Moved[0]), boolInt(c.Moved[1]), millis(c.YearStart), millisOrZero(c.Deadline),
		millisOrZero(c.Warn))
	if err != nil {
		return fmt.Errorf("store: clock of %s: %w", id, err)
	}
	return nil
}

// loadClock reads the game's clock in a load's transaction; an untimed
// game has none.
func (s *sqlStore) loadClock(ctx context.Context, tx *sql.Tx, id string) (Clock, error) {
	var c Clock
	var left0, left1, since, year, deadline, warn int64
	var moved0, moved1 int
	err := tx.QueryRowContext(ctx, s.rebind(qClockLoad), id).Scan(&c.Control, &left0, &left1, &c.Running, &since,
		&moved0, &moved1, &year, &deadline, &warn)
	if errors.Is(err, sql.ErrNoRows) {
		return Clock{}, nil
	}
	if err != nil {
		return Clock{}, fmt.Errorf("store: load %s clock: %w", id, err)
	}
	c.Left = [2]time.Duration{time.Duration(left0) * time.Millisecond, time.Duration(left1) * time.Millisecond}
	c.Since, c.YearStart, c.Moved = fromMillis(since), fromMillis(year), [2]bool{moved0 != 0, moved1 != 0}
	c.Deadline, c.Warn = timeOrZero(deadline), timeOrZero(warn)
	return c, nil
}

// DueClocks implements Clocks.
func (s *sqlStore) DueClocks(ctx context.Context, now time.Time, n int) ([]string, error) {
	ids, err := queryStrings(ctx, s.read, s.rebind(qClocksDue), millis(now), n)
	if err != nil {
		return nil, fmt.Errorf("store: due clocks: %w", err)
	}
	return ids, nil
}

// NextDeadline implements Clocks.
func (s *sqlStore) NextDeadline(ctx context.Context) (time.Time, error) {
	var deadline, warn int64
	if err := s.read.QueryRowContext(ctx, s.rebind(qClockNext)).Scan(&deadline, &warn); err != nil {
		return time.Time{}, fmt.Errorf("store: next deadline: %w", err)
	}
	if warn != 0 && (deadline == 0 || warn < deadline) {
		deadline = warn
	}
	return timeOrZero(deadline), nil
}

// DueWarnings implements Clocks.
func (s *sqlStore) DueWarnings(ctx context.Context, now time.Time, n int) ([]Warning, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(qWarningsDue), millis(now), n)
	if err != nil {
		return nil, fmt.Errorf("store: due warnings: %w", err)
	}
	defer rows.Close()
	var ws []Warning
	for rows.Next() {
		var w Warning
		var at int64
		if err := rows.Scan(&w.Game, &at); err != nil {
			return nil, fmt.Errorf("store: due warnings: %w", err)
		}
		w.At = fromMillis(at)
		ws = append(ws, w)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: due warnings: %w", err)
	}
	return ws, nil
}

// ClaimWarning implements Clocks.
func (s *sqlStore) ClaimWarning(ctx context.Context, w Warning, notes []Note) (bool, error) {
	var claimed bool
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(qWarningClaim), w.Game, millis(w.At))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if claimed = n == 1; err != nil || !claimed {
			return err
		}
		return s.addNotes(ctx, tx, notes)
	})
	if err != nil {
		return false, fmt.Errorf("store: claim warning of %s: %w", w.Game, err)
	}
	return claimed, nil
}

// timeOrZero reads 0 as the zero time, "none".
func timeOrZero(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return fromMillis(ms)
}
