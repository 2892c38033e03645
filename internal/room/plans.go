package room

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/store"
)

// Conditional moves (issue 30, point 13; docs/premoves.md): a seat of a
// correspondence game plans lines "if they play A, I play B, then if C,
// D". The reply is appended to the very update that stores the
// opponent's matching move, so that the game's compare-and-set plays it
// exactly once whichever server takes the move; the plan then moves on
// by a compare-and-set of its own, and a plan whose ply is not the
// game's is stale and never played.

// ErrNoPlans refuses conditional moves where there are none: a game that
// is not played by correspondence, or a seat that is to act itself.
var ErrNoPlans = errors.New("room: no conditional moves here")

// Plans is the slice of the store conditional moves need (store.Plans).
type Plans interface {
	Plan(ctx context.Context, game string, seat int) (store.Plan, bool, error)
	SetPlan(ctx context.Context, p store.Plan, at time.Time) error
	AdvancePlan(ctx context.Context, old, next store.Plan, at time.Time) (bool, error)
}

// Limits on a plan, so that one seat cannot store without end.
const (
	maxPlanLines = 32
	maxPlanMoves = 24
)

// planStep is what a stored move does to the plan of the seat to act
// next: old replaced by next (deleted when next has no lines).
type planStep struct{ old, next store.Plan }

// Plan returns the caller's seat's plan; only that seat may read it.
func (h *Room) Plan(ctx context.Context, c Caller) (store.Plan, error) {
	seat, err := h.planSeat(ctx, c)
	if err != nil {
		return store.Plan{}, err
	}
	p, ok, err := h.hb.cfg.Plans.Plan(ctx, h.id, int(seat))
	if err != nil || !ok || p.Ply != len(h.rec.Moves) {
		// A stale plan is never played: it is shown as none.
		return store.Plan{Game: h.id, Seat: int(seat), Ply: len(h.rec.Moves), Lines: [][]string{}}, err
	}
	return p, nil
}

// SetPlan checks and stores the caller's seat's lines from the current
// position (none: the plan is deleted). Every move must be legal in its
// line, the opponent's first; two lines that agree up to one of the
// seat's replies must agree on it.
func (h *Room) SetPlan(ctx context.Context, c Caller, lines [][]string) (store.Plan, error) {
	seat, err := h.planSeat(ctx, c)
	if err != nil {
		return store.Plan{}, err
	}
	if h.state.ToAct() == seat {
		return store.Plan{}, Refuse(ErrNoPlans, "it is your turn: play your move")
	}
	if len(lines) > maxPlanLines {
		return store.Plan{}, Refuse(ErrMalformed, "at most %d lines", maxPlanLines)
	}
	p := store.Plan{Game: h.id, Seat: int(seat), Player: h.rec.Seats[seat].Player, Ply: len(h.rec.Moves), Lines: [][]string{}}
	replies := map[string]string{}
	for _, l := range lines {
		line, err := h.checkLine(l, seat, replies)
		if err != nil {
			return store.Plan{}, err
		}
		p.Lines = append(p.Lines, line)
	}
	return p, h.hb.cfg.Plans.SetPlan(ctx, p, h.hb.cfg.Clock.Now())
}

// planSeat is the caller's seat in a correspondence game going on. The
// game is read again first: another server may have taken a move, and a
// plan is made for the game as it is.
func (h *Room) planSeat(ctx context.Context, c Caller) (game.Player, error) {
	if h.hb.cfg.Plans == nil || h.control().Kind != clock.Correspondence {
		return 0, Refuse(ErrNoPlans, "conditional moves are for correspondence games")
	}
	if err := h.reload(context.WithoutCancel(ctx)); err != nil {
		return 0, err
	}
	seat, err := h.SeatOf(c, h.state.ToAct())
	if err != nil {
		return 0, err
	}
	if h.over() {
		return 0, ErrOver
	}
	return seat, nil
}

// checkLine replays a line from the current position, each move legal,
// and returns it in the game's own notation; replies holds the seat's
// reply after each opening already planned.
func (h *Room) checkLine(l []string, seat game.Player, replies map[string]string) ([]string, error) {
	if len(l) < 2 || len(l) > maxPlanMoves {
		return nil, Refuse(ErrMalformed, "a line is the opponent's move and your reply, then more pairs: 2 to %d moves", maxPlanMoves)
	}
	st := h.state.Clone()
	out := make([]string, 0, len(l))
	for _, text := range l {
		mine := st.ToAct() == seat
		m, err := game.PlayChecked(st, text)
		if err != nil {
			return nil, RefuseExplained(ErrIllegal, err, game.Explain(st, text))
		}
		st.Undo()
		text = st.FormatMove(m)
		st.Play(m)
		key := strings.Join(out, " ")
		if mine {
			if r, ok := replies[key]; ok && r != text {
				return nil, Refuse(ErrMalformed, "two lines answer %s differently", key)
			}
			replies[key] = text
		}
		out = append(out, text)
	}
	return out, nil
}

// follow adds to c, the change that stores a move, the reply the plan of
// the seat to act next holds for it, checked as any move, and returns
// what the change does to that plan (nil: nothing). The caller holds
// h.mu; the state is left as it was.
func (h *Room) follow(ctx context.Context, c change) (change, *planStep) {
	u := c.update
	if h.hb.cfg.Plans == nil || u.Result != store.Ongoing || len(u.Append) != 1 || h.control().Kind != clock.Correspondence {
		return c, nil
	}
	owner := u.ToAct
	if owner < 0 || owner == u.Append[0].Player {
		return c, nil
	}
	p, ok, err := h.hb.cfg.Plans.Plan(ctx, h.id, owner)
	if err != nil {
		h.hb.cfg.Log.Error("reading a plan; the move goes without it", "game", h.id, "err", err)
		return c, nil
	}
	if !ok {
		return c, nil
	}
	step := &planStep{old: p, next: store.Plan{Game: h.id, Seat: owner, Player: p.Player, Ply: len(h.rec.Moves) + 2}}
	if p.Ply != len(h.rec.Moves) {
		return c, step // stale: dropped
	}
	var rest [][]string
	for _, l := range p.Lines {
		if len(l) >= 2 && l[0] == u.Append[0].Text {
			rest = append(rest, l[1:])
		}
	}
	if len(rest) == 0 {
		return c, step
	}
	reply, ok := h.planned(c, rest[0][0])
	if !ok {
		return c, step
	}
	for _, l := range rest {
		if len(l) >= 3 && l[0] == rest[0][0] {
			step.next.Lines = append(step.next.Lines, l[1:])
		}
	}
	return reply, step
}

// planned returns c with the seat's reply text appended, when the rules
// allow it after c's move: ok is false when they do not.
func (h *Room) planned(c change, text string) (change, bool) {
	if _, err := game.PlayChecked(h.state, c.update.Append[0].Text); err != nil {
		return c, false
	}
	defer h.state.Undo()
	r, err := h.play(text, c.by)
	if err != nil {
		return c, false
	}
	u := c.update
	u.Append = append(append([]store.Move(nil), u.Append...), r.update.Append...)
	u.Result, u.Reason, u.ToAct, u.AIToAct = r.update.Result, r.update.Reason, r.update.ToAct, r.update.AIToAct
	c.update = u
	return c, true
}

// advance writes what a committed move did to a plan; a plan changed
// meanwhile by its owner is left to them.
func (h *Room) advance(ctx context.Context, step *planStep) {
	if step == nil {
		return
	}
	if _, err := h.hb.cfg.Plans.AdvancePlan(ctx, step.old, step.next, h.hb.cfg.Clock.Now()); err != nil {
		h.hb.cfg.Log.Error("moving a plan on; it is stale now, never played", "game", h.id, "err", err)
	}
}
