package solver

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/game"
)

// Strategy proves that winner wins from s, and returns with the result
// (for the player to act: a win, or a loss when winner is the other) the
// proof as a strategy: for each position of the proof where
// the winner acts, keyed by its Hash, the move to play in the game's notation. Every reply of
// the loser is covered and no line repeats a position (nor one of the
// game's history before s), so that a checker can verify it move by move
// (package ai/solver/cert). The strategy is nil unless winner's win
// is proved; it may also be nil when the budget ran out while it was written.
func (p *Prover) Strategy(ctx context.Context, s game.State, winner game.Player, lim Limits) (Result, map[uint64]string) {
	start := time.Now()
	if s.Result() != game.Ongoing {
		return Result{Value: valueOf(terminal(s.Result(), s.ToAct()))}, nil
	}
	p.setup(ctx, s, lim, start)
	p.filled = true
	defer func() { p.s, p.ctx, p.seen = nil, nil, nil }()
	var e pnEntry
	for round := int64(1000); !p.stopped; round *= 2 {
		if e, _ = p.prove(winner, round); e.pn == 0 || e.dn == 0 {
			break
		}
	}
	res := Result{Nodes: p.nodes, Elapsed: time.Since(start)}
	if e.pn != 0 {
		return res, nil
	}
	res.Value, res.Best, res.Plies = Win, e.move, int(e.depth)
	if winner != s.ToAct() {
		res.Value = Loss
	}
	p.roundEnd = 1<<62 - 1
	w := &walker{p: p, out: map[uint64]string{}, done: map[walkKey]bool{}}
	h := p.s.Hash()
	ok := w.walk(h^p.salt, h, 0, 0)
	res.Nodes, res.Elapsed = p.nodes, time.Since(start)
	if !ok {
		return res, nil
	}
	return res, w.out
}

// setup prepares a solve of s.
func (p *Prover) setup(ctx context.Context, s game.State, lim Limits, start time.Time) {
	p.s, p.ctx, p.limit, p.nodes, p.stopped = s.Clone(), ctx, lim.Nodes, 0, false
	_, p.repeats = s.(game.RepetitionSwitch)
	p.deadline = time.Time{}
	if lim.Time > 0 {
		p.deadline = start.Add(lim.Time)
	}
	p.seen = map[uint64]int{}
	if p.repeats {
		// A proof avoids the history it was made with: another root's
		// history may meet it, so nothing is kept from one solve to
		// the next in these games.
		if p.filled {
			p.tt.clear()
		}
		history(p.s, p.seen)
	}
}

// walkKey is a position met by the walk with the move that led to it,
// as the checker keys the positions it has verified.
type walkKey struct {
	hash uint64
	last game.Move
}

// walker follows a proof through the table and writes its strategy.
type walker struct {
	p    *Prover
	out  map[uint64]string
	done map[walkKey]bool
}

// walk writes the strategy of the proved position at the current state,
// reached by the move last; it reports false when it cannot (the budget
// ran out, or the proof met the path it is walked on).
func (w *walker) walk(key, hash uint64, last game.Move, ply int) bool {
	p := w.p
	wk := walkKey{hash, last}
	if w.done[wk] {
		return true
	}
	if p.stop() || ply >= maxPly-1 {
		return false
	}
	p.seen[hash]++
	defer func() { p.seen[hash]-- }()
	kids := append([]kid(nil), p.expand(ply)...)
	if cpn, _, _ := p.combineAt(kids); cpn != 0 {
		// The table lost the proof, or it met this path: prove again here.
		p.seen[hash]--
		p.mid(key, hash, pnInf, pnInf, ply)
		p.seen[hash]++
		if cpn, _, _ = p.combineAt(kids); cpn != 0 {
			return false
		}
	}
	ok := w.children(kids, hash, ply)
	w.done[wk] = ok
	return ok
}

// combineAt combines the children's numbers at the current position.
func (p *Prover) combineAt(kids []kid) (uint32, uint32, bool) {
	pn, dn, dirty, _, _, _ := p.combine(kids, p.s.ToAct() == p.attacker)
	return pn, dn, dirty
}

// children walks the winner's move, or every reply of the loser.
func (w *walker) children(kids []kid, hash uint64, ply int) bool {
	p := w.p
	if p.s.ToAct() == p.attacker {
		k, ok := w.choose(kids, hash)
		if !ok {
			return false
		}
		if k.term == 1 {
			return true // the checker finds a move that wins at once
		}
		w.out[hash] = p.s.FormatMove(k.move)
		kids = []kid{k}
	}
	for _, k := range kids {
		if k.term == 1 {
			continue
		}
		p.s.Play(k.move)
		ok := w.walk(k.key, k.hash, k.move, ply+1)
		p.s.Undo()
		if !ok {
			return false
		}
	}
	return true
}

// choose picks the winner's proved move, the one already written for
// this position if any.
func (w *walker) choose(kids []kid, hash uint64) (kid, bool) {
	m, had := w.out[hash]
	if !had {
		for _, k := range kids {
			if k.term == 1 {
				return k, true
			}
		}
	}
	for _, k := range kids {
		if pn, _, _ := w.p.numbers(k); pn == 0 && (!had || w.p.s.FormatMove(k.move) == m) {
			return k, true
		}
	}
	return kid{}, false
}
