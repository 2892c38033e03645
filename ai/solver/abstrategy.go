package solver

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/game"
)

// Strategy proves with alpha-beta that winner wins from s, and returns
// with the result the winner's strategy, as Prover.Strategy does: a move
// for each position of the proof where the winner acts (none where a
// move wins at once), each found by a solve of that position, whose
// table the solves share. Every reply of the loser is followed, and a
// line that would meet a position twice (the history before s included)
// makes the strategy nil, as does the budget running out: the checker
// (ai/solver/cert) accepts no repetition.
func (sv *Solver) Strategy(ctx context.Context, s game.State, winner game.Player, lim Limits) (Result, map[uint64]string) {
	start := time.Now()
	r := sv.Solve(ctx, s, lim)
	if r.Value != Win && r.Value != Loss || (r.Value == Win) != (s.ToAct() == winner) {
		return r, nil
	}
	w := &abWalker{sv: sv, ctx: ctx, winner: winner, out: map[uint64]string{}, done: map[walkKey]bool{},
		path: map[uint64]bool{}, deadline: time.Time{}, nodeLimit: lim.Nodes}
	if lim.Time > 0 {
		w.deadline = start.Add(lim.Time)
	}
	c := s.Clone()
	w.collectHistory(c)
	ok := w.walk(c, 0)
	r.Nodes += w.nodes
	r.Elapsed = time.Since(start)
	if !ok {
		return r, nil
	}
	return r, w.out
}

// abWalker follows an alpha-beta proof and writes its strategy.
type abWalker struct {
	sv        *Solver
	ctx       context.Context
	winner    game.Player
	out       map[uint64]string
	done      map[walkKey]bool
	path      map[uint64]bool
	deadline  time.Time
	nodeLimit int64
	nodes     int64
}

// collectHistory marks the positions of the game before s, s excluded.
func (w *abWalker) collectHistory(s game.State) {
	seen := map[uint64]int{}
	history(s, seen)
	for h, n := range seen {
		if n > 0 {
			w.path[h] = true
		}
	}
}

// walk writes the strategy below s, reached by the move last.
func (w *abWalker) walk(s game.State, last game.Move) bool {
	if r := s.Result(); r != game.Ongoing {
		won, ok := r.Winner()
		return ok && won == w.winner
	}
	h := s.Hash()
	wk := walkKey{h, last}
	if w.done[wk] {
		return true
	}
	if w.path[h] || w.ctx.Err() != nil || (!w.deadline.IsZero() && time.Now().After(w.deadline)) {
		return false
	}
	w.path[h] = true
	defer delete(w.path, h)
	moves := s.Moves(nil)
	if s.ToAct() == w.winner {
		m, ok := w.move(s, h, moves)
		if !ok {
			return false
		}
		moves = m
	}
	for _, m := range moves {
		s.Play(m)
		ok := w.walk(s, m)
		s.Undo()
		if !ok {
			return false
		}
	}
	w.done[wk] = true
	return true
}

// move returns the winner's move at s: none to follow when a move wins at
// once, else the strategy's or a solve's.
func (w *abWalker) move(s game.State, h uint64, moves []game.Move) ([]game.Move, bool) {
	for _, m := range moves {
		s.Play(m)
		won, ok := s.Result().Winner()
		s.Undo()
		if ok && won == w.winner {
			return nil, true
		}
	}
	if txt, ok := w.out[h]; ok {
		m, err := s.ParseMove(txt)
		return []game.Move{m}, err == nil
	}
	lim := Limits{}
	if !w.deadline.IsZero() {
		lim.Time = max(time.Until(w.deadline), time.Millisecond)
	}
	if w.nodeLimit > 0 {
		lim.Nodes = max(w.nodeLimit-w.nodes, 1)
	}
	r := w.sv.Solve(w.ctx, s, lim)
	w.nodes += r.Nodes
	if r.Value != Win {
		return nil, false
	}
	w.out[h] = s.FormatMove(r.Best)
	return []game.Move{r.Best}, true
}
