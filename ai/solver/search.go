package solver

import (
	"sort"

	"github.com/plateau-games/plateau/game"
)

// search is negamax on -1/0/1 within (alpha, beta). It returns the value
// for the player to act, the best move, and whether the value holds for
// any history (clean) so that the table may keep it. A child's value is
// negated only when the player to act changes.
func (sv *Solver) search(alpha, beta, ply int) (int, game.Move, bool) {
	s := sv.s
	sv.nodes++
	if sv.stop() {
		return 0, 0, false
	}
	if ply >= maxPly-1 {
		return sv.capValue(), 0, false
	}
	if r := s.Result(); r != game.Ongoing {
		return terminal(r, s.ToAct()), 0, r != game.Draw || !sv.repeats
	}
	key := s.Hash()
	var ttMove game.Move
	var hasTT bool
	if e := sv.tt.probe(key); e != nil {
		if v, ok := e.cut(alpha, beta); ok {
			return v, e.move, true
		}
		ttMove, hasTT = e.move, e.hasMove
	}
	moves := s.Moves(sv.bufs[ply][:0])
	sv.bufs[ply] = moves
	v, m, clean, done := sv.scan(moves, beta, ply)
	if done {
		if clean {
			sv.tt.store(key, v, alpha, beta, m)
		}
		return v, m, clean
	}
	moves = sv.bufs[ply]
	if hasTT {
		if i := indexOf(moves, ttMove); i > 0 {
			copy(moves[1:i+1], moves[:i])
			moves[0] = ttMove
		}
	}
	return sv.loop(moves, key, alpha, beta, ply)
}

// loop searches the ordered moves of a node and stores the result.
func (sv *Solver) loop(moves []game.Move, key uint64, alpha, beta, ply int) (int, game.Move, bool) {
	s := sv.s
	p := s.ToAct()
	best, bestMove, clean := -2, moves[0], true
	a := alpha
	for _, m := range moves {
		s.Play(m)
		var v int
		var c bool
		if s.ToAct() == p {
			v, _, c = sv.search(a, beta, ply+1)
		} else {
			v, _, c = sv.search(-beta, -a, ply+1)
			v = -v
		}
		s.Undo()
		if sv.stopped {
			return 0, 0, false
		}
		clean = clean && c
		if v > best {
			best, bestMove = v, m
		}
		a = max(a, v)
		if a >= beta {
			break
		}
	}
	if clean {
		sv.tt.store(key, best, alpha, beta, bestMove)
	}
	return best, bestMove, clean
}

// scan plays every move once: a move that ends the game in the mover's
// favour, or whose position the table proves good enough (an enhanced
// transposition cut-off), settles the node (done); otherwise the moves
// are left sorted by the game's one-ply evaluation, best first.
func (sv *Solver) scan(moves []game.Move, beta, ply int) (v int, m game.Move, clean, done bool) {
	s := sv.s
	p := s.ToAct()
	ev, hasEval := s.(game.Evaluator)
	keys := sv.keys[ply][:0]
	for _, mv := range moves {
		s.Play(mv)
		sign := 1
		if s.ToAct() != p {
			sign = -1
		}
		k := 0
		if r := s.Result(); r != game.Ongoing {
			tv := terminal(r, s.ToAct()) * sign
			s.Undo()
			if tv == 1 || (tv == 0 && beta <= 0) {
				return tv, mv, tv == 1 || !sv.repeats, true
			}
			keys = append(keys, -3+tv) // searched last; cheap anyway
			continue
		}
		if e := sv.tt.probe(s.Hash()); e != nil {
			if lo := e.lowerFor(sign); lo >= beta {
				s.Undo()
				return lo, mv, true, true
			}
		}
		if hasEval {
			k = ev.Evaluate() * sign
		}
		s.Undo()
		keys = append(keys, k)
	}
	sv.keys[ply] = keys
	sort.Stable(byKey{moves, keys})
	return 0, 0, false, false
}

// byKey sorts moves by decreasing key.
type byKey struct {
	moves []game.Move
	keys  []int
}

func (b byKey) Len() int           { return len(b.moves) }
func (b byKey) Less(i, j int) bool { return b.keys[i] > b.keys[j] }
func (b byKey) Swap(i, j int) {
	b.moves[i], b.moves[j] = b.moves[j], b.moves[i]
	b.keys[i], b.keys[j] = b.keys[j], b.keys[i]
}

func indexOf(moves []game.Move, m game.Move) int {
	for i, x := range moves {
		if x == m {
			return i
		}
	}
	return -1
}

// capValue scores a line too long to follow (cycles in a game that draws
// only on a third repetition can outrun maxPly): as a loss for the root's
// player in a pessimistic search, a win in an optimistic one, so that
// either proves a bound; the value stays out of the table.
func (sv *Solver) capValue() int {
	sv.capped = true
	if (sv.s.ToAct() == sv.rootPlayer) == sv.optimistic {
		return 1
	}
	return -1
}
