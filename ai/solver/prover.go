package solver

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/game"
)

// Interface is what solves a position: the alpha-beta Solver and the
// proof-number Prover both implement it, with the same Limits and the
// same Result.
type Interface interface {
	Solve(ctx context.Context, s game.State, lim Limits) Result
}

// Salts mixed into the table's keys: one per attacker, since proof
// numbers belong to one attacker, and one for a position entered by a
// forced move (a pass: the next pass may draw, which the hash does not
// say).
const (
	attackerSalt = 0x6a09e667f3bcc908
	forcedSalt   = 0xbb67ae8584caa73b
)

// Prover is a depth-first proof-number solver (df-pn, Nagai 2002) with
// a transposition table. It answers the alpha-beta Solver's question
// (win, draw, loss or unknown within a budget) with two proofs: can the
// player to act force a win; if it cannot, can the opponent. A Prover
// is not safe for concurrent use.
//
// Repetition (the graph-history interaction problem): in the games that
// draw on a third repetition, a position already met on the current
// path or in the game's history before the root counts as a failure for
// the attacker. A proof then never repeats a position, so a proved
// subtree stays proved when the table reuses it from another path: a
// position occurs at most once on the path there and once in the
// subtree, never a third time, and both avoid the history. Such a
// failure, and every draw of those games, makes a disproof "dirty":
// path-dependent; a dirty disproof only withholds a proof and never
// proves a draw or a loss. Positions entered by a forced move (a pass)
// are keyed apart, since two passes in a row draw.
type Prover struct {
	tt       *pnTable
	s        game.State
	ctx      context.Context
	deadline time.Time
	limit    int64
	nodes    int64
	stopped  bool
	paused   bool  // the round's nodes are spent
	roundEnd int64 // the node count that ends the round
	repeats  bool
	attacker game.Player
	salt     uint64
	seen     map[uint64]int // raw hashes on the path and in the history
	filled   bool           // the table holds entries (a fresh one needs no clearing)
	kids     [maxPly][]kid
	moves    [maxPly][]game.Move
}

// kid is a child of the node being searched.
type kid struct {
	move      game.Move
	key, hash uint64
	term      int8 // 1 the attacker has won, -1 the game ended otherwise
	dirty     bool // the end was a draw in a game with repetition
}

// NewProver returns a prover with a table of 2^bits entries (16 to 26;
// out of range, 20); the table keeps its entries between solves.
func NewProver(bits int) *Prover {
	if bits < 16 || bits > 26 {
		bits = 20
	}
	return &Prover{tt: newPNTable(bits)}
}

// Solve proves the result of s for its player to act within lim and ctx;
// s is left unchanged. Plies is the length of the longest line of the
// proof (the winner's moves the proof's, the loser's any), 0 for a draw.
func (p *Prover) Solve(ctx context.Context, s game.State, lim Limits) Result {
	start := time.Now()
	if r := s.Result(); r != game.Ongoing {
		return Result{Value: valueOf(terminal(r, s.ToAct())), Elapsed: time.Since(start)}
	}
	p.setup(ctx, s, lim, start)
	p.filled = true
	res := p.decide(s.ToAct())
	res.Nodes, res.Elapsed = p.nodes, time.Since(start)
	p.s, p.ctx, p.seen = nil, nil, nil
	return res
}

// decide runs the two proofs in rounds of growing node budgets, so that
// a search for a win that cannot be found does not spend the whole
// budget before the opponent's win is looked for.
func (p *Prover) decide(me game.Player) Result {
	mine, theirs := pnEntry{pn: 1, dn: 1}, pnEntry{pn: 1, dn: 1}
	var mineDirty, theirsDirty bool
	for round := int64(1000); ; round *= 2 {
		before := p.nodes
		if mine.pn != 0 && mine.dn != 0 {
			mine, mineDirty = p.prove(me, round)
		}
		if mine.pn == 0 {
			return Result{Value: Win, Best: mine.move, Plies: int(mine.depth)}
		}
		if theirs.pn != 0 && theirs.dn != 0 {
			theirs, theirsDirty = p.prove(me.Other(), round)
		}
		switch {
		case theirs.pn == 0:
			return Result{Value: Loss, Best: theirs.move, Plies: int(theirs.depth)}
		case mine.dn == 0 && theirs.dn == 0 && !mineDirty && !theirsDirty:
			return Result{Value: Draw, Best: theirs.move}
		case p.stopped, mine.dn == 0 && theirs.dn == 0:
			return Result{} // out of budget, or only dirty disproofs
		case p.nodes-before <= 2:
			// The round's proofs visited their roots only: a root whose
			// numbers saturated without settling returns at once, and the
			// doubling rounds would spin forever (once round overflows,
			// every call stops as paused, before the budget and the
			// context are looked at).
			return Result{}
		}
	}
}

// prove searches whether attacker wins from the root for at most round
// more nodes; the entry holds the root's numbers and move.
func (p *Prover) prove(attacker game.Player, round int64) (pnEntry, bool) {
	p.attacker, p.paused, p.roundEnd = attacker, false, p.nodes+round
	p.salt = 0
	if attacker == game.Second {
		p.salt = attackerSalt
	}
	h := p.s.Hash()
	pn, dn, dirty := p.mid(h^p.salt, h, pnInf, pnInf, 0)
	e := pnEntry{pn: pn, dn: dn}
	if r := p.tt.probe(h ^ p.salt); r != nil {
		e.move, e.depth = r.move, r.depth
	}
	return e, dirty
}

// history counts the positions of the game before s (s's own included),
// undoing a clone until it has no move left to undo.
func history(s game.State, seen map[uint64]int) {
	c := s.Clone()
	seen[c.Hash()]++
	for undoOK(c) {
		seen[c.Hash()]++
	}
	seen[s.Hash()]-- // the root is counted again on the path
}

// undoOK undoes a move, or reports false when the state has none (Undo
// panics then).
func undoOK(s game.State) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	s.Undo()
	return true
}

// stop reports whether the budget, the clock or the context ended, or
// the round's nodes (paused).
func (p *Prover) stop() bool {
	if p.stopped || p.paused {
		return true
	}
	if p.nodes >= p.roundEnd {
		p.paused = true
		return true
	}
	if p.limit > 0 && p.nodes >= p.limit {
		p.stopped = true
	} else if (p.nodes-1)&checkEvery == 0 {
		p.stopped = p.ctx.Err() != nil || (!p.deadline.IsZero() && time.Now().After(p.deadline))
	}
	return p.stopped
}
