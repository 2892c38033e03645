package solver

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/game"
)

// Saving looks for a "save the game" puzzle at s: a position where every
// move but one is proved to lose, and that one is proved not to (a draw
// or a win), each proof by sv within lim (the whole search's budget). It
// returns the saving move, and false when s is not such a puzzle or the
// budget ran out first. Lost means the opponent's win is proved after
// the move: in games that draw on repetition the prover proves wins and
// losses only, so give an Auto there for the draws.
func Saving(ctx context.Context, sv Interface, s game.State, lim Limits) (game.Move, bool) {
	return only(ctx, sv, s, lim, func(v Value) bool { return v != Loss })
}

// Winning looks for a position where one move alone wins: that move is
// proved to win (the opponent's loss proved after it) and every other is
// proved not to (the opponent's win or a draw proved after it), each
// proof by sv within lim (the whole search's budget). It returns the
// winning move, and false when s has none, more than one, or the budget
// ran out first. As for Saving, give an Auto for the draws of games
// that draw on repetition.
func Winning(ctx context.Context, sv Interface, s game.State, lim Limits) (game.Move, bool) {
	return only(ctx, sv, s, lim, func(v Value) bool { return v == Win })
}

// only returns the one move of s whose value for the player to act in s
// (valueFor, after it) is good, every other move's value proved too.
func only(ctx context.Context, sv Interface, s game.State, lim Limits, good func(Value) bool) (game.Move, bool) {
	moves := s.Moves(nil)
	if s.Result() != game.Ongoing || len(moves) < 2 {
		return 0, false
	}
	start := time.Now()
	me := s.ToAct()
	var found game.Move
	n := 0
	c := s.Clone()
	for i, m := range moves {
		sub := share(lim, start, len(moves)-i, len(moves))
		c.Play(m)
		v := valueFor(ctx, sv, c, me, sub)
		c.Undo()
		if v == Unknown {
			return 0, false
		}
		if good(v) {
			found, n = m, n+1
		}
		if n > 1 {
			return 0, false
		}
	}
	return found, n == 1
}

// valueFor is the proved value, for me, of the position s after a move
// of me: Win, Loss or Draw, Unknown when sv proves nothing within lim.
func valueFor(ctx context.Context, sv Interface, s game.State, me game.Player, lim Limits) Value {
	if r := s.Result(); r != game.Ongoing {
		w, ok := r.Winner()
		switch {
		case !ok:
			return Draw
		case w == me:
			return Win
		}
		return Loss
	}
	r := sv.Solve(ctx, s, lim)
	switch {
	case r.Value == Unknown || r.Value == Draw:
		return r.Value
	case (r.Value == Win) == (s.ToAct() == me):
		return Win
	}
	return Loss
}

// share is the budget of one of the n solves left of total: the nodes
// split evenly, the time left divided.
func share(lim Limits, start time.Time, n, total int) Limits {
	out := Limits{Nodes: lim.Nodes / int64(total)}
	if lim.Nodes > 0 {
		out.Nodes = max(out.Nodes, 1)
	}
	if lim.Time > 0 {
		out.Time = max((lim.Time-time.Since(start))/time.Duration(n), time.Millisecond)
	}
	return out
}
