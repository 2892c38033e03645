package mcts

import (
	"math/rand/v2"
	"slices"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// mastStat is a move's record over all iterations, for its player.
type mastStat struct {
	n, w float32
}

// recording tells whether iterations keep their moves in t.seq.
func (t *Searcher) recording() bool { return t.cfg.Rave > 0 || t.cfg.Mast > 1 }

// playoutMove draws the game's policy move when asked to and offered, or
// a uniformly random move, or with MAST the best of a few random draws by
// average reward; moves never seen count as 0.5.
func (t *Searcher) playoutMove(s game.State) game.Move {
	if t.cfg.Policy {
		if pm, ok := s.(game.PlayoutMover); ok {
			return pm.PlayoutMove(t.rng)
		}
	}
	m := ai.RandomMove(s, t.rng, t.buf)
	if t.cfg.Mast < 2 {
		return m
	}
	p := s.ToAct()
	best := t.mastValue(played{m, p})
	for i := 1; i < t.cfg.Mast; i++ {
		c := ai.RandomMove(s, t.rng, t.buf)
		if v := t.mastValue(played{c, p}); v > best {
			m, best = c, v
		}
	}
	return m
}

func (t *Searcher) mastValue(pm played) float32 {
	st, ok := t.mast[pm]
	if !ok || st.n == 0 {
		return 0.5
	}
	return st.w / st.n
}

// updateMAST credits every move of the iteration with its player's reward.
func (t *Searcher) updateMAST(first float64) {
	if t.mast == nil {
		t.mast = map[played]mastStat{}
	}
	for _, pm := range t.seq {
		st := t.mast[pm]
		st.n++
		st.w += float32(forPlayer(first, pm.p))
		t.mast[pm] = st
	}
}

// policyFirst moves the game's policy move to the front of moves, when s
// offers one: a policy that takes immediate wins then lets the solver
// prove a node on its first expansion, instead of after trying every
// move of a wide node.
func policyFirst(s game.State, moves []game.Move, r *rand.Rand) {
	pm, ok := s.(game.PlayoutMover)
	if !ok {
		return
	}
	m := pm.PlayoutMove(r)
	if i := slices.Index(moves, m); i > 0 {
		copy(moves[1:i+1], moves[:i])
		moves[0] = m
	}
}
