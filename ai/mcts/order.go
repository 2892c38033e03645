package mcts

import (
	"math"
	"slices"

	"github.com/plateau-games/plateau/game"
)

// orderMoves sorts moves best first for the player to act by the static
// evaluation one ply ahead (a finished game counts as a certain result),
// so that a wide node tries its promising moves first. The evaluation
// after a move is from the view of the player then to act: it is
// negated only when that player changed.
func orderMoves(s game.State, moves []game.Move) {
	ev, ok := s.(game.Evaluator)
	if !ok {
		return
	}
	p := s.ToAct()
	keys := make([]int, len(moves))
	for i, m := range moves {
		s.Play(m)
		switch w, won := s.Result().Winner(); {
		case won && w == p:
			keys[i] = 2 * game.EvalWin
		case won:
			keys[i] = -2 * game.EvalWin
		case s.Result() == game.Draw:
			keys[i] = 0
		case s.ToAct() == p:
			keys[i] = ev.Evaluate()
		default:
			keys[i] = -ev.Evaluate()
		}
		s.Undo()
	}
	idx := make([]int, len(moves))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return keys[b] - keys[a] })
	sorted := make([]game.Move, len(moves))
	for i, j := range idx {
		sorted[i] = moves[j]
	}
	copy(moves, sorted)
}

// width is how many children a node may have under progressive
// widening: it grows with the square root of the node's visits.
func width(visits, widen float64, moves int) int {
	if widen <= 0 {
		return moves
	}
	return min(moves, 1+int(widen*math.Sqrt(visits)))
}
