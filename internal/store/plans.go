package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Plan is a seat's conditional moves in one game (issue 30, point 13):
// lines of moves from the position after Ply moves, each starting with
// the opponent's move, the seat's replies between.
type Plan struct {
	Game   string
	Seat   int
	Player string // the seat's player id, "" for a seat held by token only
	Ply    int
	Lines  [][]string
}

// Plans keeps the seats' conditional moves.
type Plans interface {
	// Plan returns a seat's plan; ok is false when it has none.
	Plan(ctx context.Context, game string, seat int) (p Plan, ok bool, err error)
	// SetPlan replaces a seat's plan; a plan without lines deletes it.
	SetPlan(ctx context.Context, p Plan, at time.Time) error
	// AdvancePlan replaces old by next (deleted when next has no lines)
	// only if the stored plan is still old: it reports whether it did.
	AdvancePlan(ctx context.Context, old, next Plan, at time.Time) (bool, error)
}

var _ Plans = (*sqlStore)(nil)

const (
	qPlanGet = `SELECT player, ply, lines FROM conditional_moves WHERE game_id = ? AND seat = ?`
	qPlanSet = `INSERT INTO conditional_moves (game_id, seat, player, ply, lines, updated_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, seat) DO UPDATE SET player = excluded.player, ply = excluded.ply, lines = excluded.lines, updated_at = excluded.updated_at`
	qPlanDel     = `DELETE FROM conditional_moves WHERE game_id = ? AND seat = ?`
	qPlanAdvance = `UPDATE conditional_moves SET ply = ?, lines = ?, updated_at = ? WHERE game_id = ? AND seat = ? AND ply = ? AND lines = ?`
	qPlanDrop    = `DELETE FROM conditional_moves WHERE game_id = ? AND seat = ? AND ply = ? AND lines = ?`
)

func planLines(p Plan) (string, error) {
	if p.Lines == nil {
		return "[]", nil
	}
	b, err := json.Marshal(p.Lines)
	if err != nil {
		return "", fmt.Errorf("store: plan of %s: %w", p.Game, err)
	}
	return string(b), nil
}

// Plan implements Plans.
func (s *sqlStore) Plan(ctx context.Context, game string, seat int) (Plan, bool, error) {
	p := Plan{Game: game, Seat: seat}
	var lines string
	err := s.read.QueryRowContext(ctx, s.rebind(qPlanGet), game, seat).Scan(&p.Player, &p.Ply, &lines)
	if errors.Is(err, sql.ErrNoRows) {
		return Plan{}, false, nil
	}
	if err == nil {
		err = json.Unmarshal([]byte(lines), &p.Lines)
	}
	if err != nil {
		return Plan{}, false, fmt.Errorf("store: plan of %s: %w", game, err)
	}
	return p, true, nil
}

// SetPlan implements Plans.
func (s *sqlStore) SetPlan(ctx context.Context, p Plan, at time.Time) error {
	if len(p.Lines) == 0 {
		_, err := s.exec(ctx, "delete plan", qPlanDel, p.Game, p.Seat)
		return err
	}
	lines, err := planLines(p)
	if err != nil {
		return err
	}
	_, err = s.exec(ctx, "set plan", qPlanSet, p.Game, p.Seat, p.Player, p.Ply, lines, millis(at))
	return err
}

// AdvancePlan implements Plans.
func (s *sqlStore) AdvancePlan(ctx context.Context, old, next Plan, at time.Time) (bool, error) {
	was, err := planLines(old)
	if err != nil {
		return false, err
	}
	var n int64
	if len(next.Lines) == 0 {
		n, err = s.exec(ctx, "drop plan", qPlanDrop, old.Game, old.Seat, old.Ply, was)
	} else {
		var lines string
		if lines, err = planLines(next); err != nil {
			return false, err
		}
		n, err = s.exec(ctx, "advance plan", qPlanAdvance, next.Ply, lines, millis(at), old.Game, old.Seat, old.Ply, was)
	}
	return n > 0, err
}
