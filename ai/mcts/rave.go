package mcts

import (
	"math"

	"github.com/plateau-games/plateau/game"
)

// played is one move of an iteration and the player who made it: the
// same move means different things to different players, and players do
// not alternate, so AMAF statistics are kept per player.
type played struct {
	move game.Move
	p    game.Player
}

// selectRave is UCT over values blended with all-moves-as-first
// statistics (RAVE): a move's AMAF value counts every iteration in which
// the player to act here made that move at this point or later. The
// blend weight sqrt(K / (3N + K)) trusts AMAF while a child has few
// visits N. Moves with no child yet compete on their AMAF value, and
// the chosen one gets its child, its move swapped into place so that
// children[i].move == moves[i] stays true.
func (t *Searcher) selectRave(n *node, grow bool, width int) *node {
	p := n.toAct
	logN := math.Log(n.visits + 1)
	limit := width
	if !grow && len(n.children) > 0 {
		limit = len(n.children)
	}
	best, bestV := -1, math.Inf(-1)
	for j := 0; j < limit; j++ {
		N, q := 0.0, 0.5
		if j < len(n.children) {
			c := &n.children[j]
			switch c.proof {
			case game.Win(p):
				return c
			case game.Win(p.Other()):
				continue
			}
			N, q = c.visits, c.mean()
		}
		v := q
		if an := float64(n.amafN[j]); an > 0 {
			beta := math.Sqrt(t.cfg.Rave / (3*N + t.cfg.Rave))
			v = (1-beta)*q + beta*float64(n.amafW[j])/an
		}
		v += t.cfg.Explore * math.Sqrt(logN/(N+1))
		if v > bestV {
			best, bestV = j, v
		}
	}
	switch {
	case best < 0:
		return &n.children[0]
	case best < len(n.children):
		return &n.children[best]
	}
	k := len(n.children)
	n.moves[k], n.moves[best] = n.moves[best], n.moves[k]
	n.amafN[k], n.amafN[best] = n.amafN[best], n.amafN[k]
	n.amafW[k], n.amafW[best] = n.amafW[best], n.amafW[k]
	n.children = append(n.children, node{move: n.moves[k], mover: p})
	return &n.children[k]
}

// updateAMAF credits, at every node of the path, each of its moves that
// the player to act there made at that ply or later in this iteration.
// t.seq[k] is the move made at ply k below the root.
func (t *Searcher) updateAMAF(path []*node, first float64) {
	if t.last == nil {
		t.last = map[played]int{}
	}
	clear(t.last)
	for k, pm := range t.seq {
		t.last[pm] = k
	}
	for i, n := range path {
		if n.amafN == nil {
			continue
		}
		r := float32(forPlayer(first, n.toAct))
		for j, m := range n.moves {
			if k, ok := t.last[played{m, n.toAct}]; ok && k >= i {
				n.amafN[j]++
				n.amafW[j] += r
			}
		}
	}
}
