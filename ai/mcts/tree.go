package mcts

import (
	"math"

	"github.com/plateau-games/plateau/game"
)

// node is one position of the tree. Expanding a node lists its moves,
// shuffled; a child is created when first selected, which is before any
// sibling is selected twice, so a wide node costs memory only for the
// children actually tried. A child learns its position (toAct, hash) on
// that first visit, and is expanded on its second.
type node struct {
	move     game.Move
	moves    []game.Move // legal moves, children[i].move == moves[i]; nil until expanded
	children []node
	amafN    []float32 // RAVE: per move, iterations in which it was played later
	amafW    []float32 // RAVE: their reward for the player to act here
	visits   float64
	reward   float64 // sum of rewards of mover, the player who played move
	hash     uint64
	mover    game.Player
	toAct    game.Player
	proof    game.Result // the solved value, Ongoing while unknown
}

// mean is the average reward of the node's mover.
func (n *node) mean() float64 {
	if n.visits == 0 {
		return 0.5
	}
	return n.reward / n.visits
}

// selectChild is UCT with the solver's rules: a proven win for the player
// to act is taken at once, proven losses are never explored, and an
// untried move (moves are shuffled at expansion) comes first while the
// tree may grow and the node's width allows.
func selectChild(n *node, explore float64, grow bool, width int) *node {
	if k := len(n.children); k < width && (grow || k == 0) {
		n.children = append(n.children, node{move: n.moves[k], mover: n.toAct})
		return &n.children[k]
	}
	p := n.toAct
	logN := math.Log(n.visits + 1)
	var best *node
	bestV := math.Inf(-1)
	for i := range n.children {
		c := &n.children[i]
		switch c.proof {
		case game.Win(p):
			return c
		case game.Win(p.Other()):
			continue
		}
		v := c.mean() + explore*math.Sqrt(logN/c.visits)
		if v > bestV {
			best, bestV = c, v
		}
	}
	if best == nil {
		return &n.children[0]
	}
	return best
}

// prove sets n's solved value when its children decide it: one child
// proven a win for the player to act, or all proven (the best for that
// player of loss < draw). It reports whether n is now proven.
func prove(n *node) bool {
	p := n.toAct
	best := game.Win(p.Other())
	all := true
	for i := range n.children {
		switch n.children[i].proof {
		case game.Ongoing:
			all = false
		case game.Win(p):
			n.proof = game.Win(p)
			return true
		case game.Draw:
			best = game.Draw
		}
	}
	if all && len(n.children) == len(n.moves) {
		n.proof = best
		return true
	}
	return false
}

// reward is a result's reward for the first player.
func reward(r game.Result) float64 {
	switch r {
	case game.FirstWins:
		return 1
	case game.SecondWins:
		return 0
	}
	return 0.5
}

// forPlayer turns a reward for the first player into p's reward.
func forPlayer(first float64, p game.Player) float64 {
	if p == game.First {
		return first
	}
	return 1 - first
}

// bestChild is the move to play: a proven win if there is one, else the
// most visited child that is not a proven loss, ties to the better mean.
func bestChild(n *node) *node {
	p := n.toAct
	var best *node
	for i := range n.children {
		c := &n.children[i]
		if c.proof == game.Win(p) {
			return c
		}
		if best == nil || better(c, best, p) {
			best = c
		}
	}
	return best
}

func better(c, b *node, p game.Player) bool {
	cLost, bLost := c.proof == game.Win(p.Other()), b.proof == game.Win(p.Other())
	if cLost != bLost {
		return bLost
	}
	if c.visits != b.visits {
		return c.visits > b.visits
	}
	return c.mean() > b.mean()
}

// find looks for the position with the given hash and player to act
// within depth plies below n, among visited nodes, breadth first.
func find(n *node, hash uint64, toAct game.Player, depth int) *node {
	level := []*node{n}
	for d := 0; d <= depth && len(level) > 0; d++ {
		var next []*node
		for _, x := range level {
			if x.visits > 0 && x.hash == hash && x.toAct == toAct {
				return x
			}
			for i := range x.children {
				if x.children[i].visits > 0 {
					next = append(next, &x.children[i])
				}
			}
		}
		level = next
	}
	return nil
}

// size counts the nodes of a subtree.
func size(n *node) int {
	total := 1
	for i := range n.children {
		total += size(&n.children[i])
	}
	return total
}
