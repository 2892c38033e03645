package yoxii

import (
	"math/bits"

	"github.com/plateau-games/plateau/game"
)

// Weights of the evaluation terms, in centi-points of the final score.
const (
	evalAdjacent  = 100 // per point of value next to the totem: the score itself
	evalCount     = 20  // per piece next to the totem: the tie-break
	evalPlace     = 50  // per point of the best value in hand, placed next to the totem
	evalHand      = 3   // per point of value still in hand
	evalTrap      = 400_000
	evalFinished  = 900_000
	evalFinishedK = 100 // per point of final margin, to prefer bigger wins
)

// Evaluate implements game.Evaluator, from the view of the player to act.
// The player to act moves the totem before anything else happens, so the
// score around the totem's square now matters little: the evaluation is
// the best, over the totem's destinations, of
//
//   - the end of the game when the mover can trap the totem there (see
//     trap): filling its last empty neighbour with the mover's highest
//     value, or blocking the opponent's last jump, leaves the opponent no
//     move; ±400000 plus 100 per point of margin;
//   - otherwise the score around the destination, 100 per point of own
//     value minus the opponent's and 20 per piece for the tie-break, plus
//     50 per point of the highest value in hand, which the mover places
//     next to the totem;
//
// plus 3 per point of value still in hand, minus the opponent's: a 4 kept
// for the end is worth more than one spent early.
//
// A finished game scores ±900000 plus 100 per point of margin.
func (s *State) Evaluate() int {
	me, opp := s.side, s.side^1
	if s.over() {
		sc := s.Scores()
		switch r := s.Result(); r {
		case game.Draw:
			return 0
		case game.Win(me):
			return evalFinished + evalFinishedK*(sc[me]-sc[opp])
		}
		return -evalFinished + evalFinishedK*(sc[me]-sc[opp])
	}
	top := 7 - bits.LeadingZeros8(s.handMask[me])
	best := -evalFinished
	for to := s.moveTargets(); to != 0; to &= to - 1 {
		best = max(best, s.destination(bits.TrailingZeros64(to), top))
	}
	for v := 1; v <= 4; v++ {
		best += evalHand * v * int(s.hand[me][v]-s.hand[opp][v])
	}
	return best
}

// destination scores the totem's move to sq for the player to act, who
// then places a piece of value top (see Evaluate).
func (s *State) destination(sq, top int) int {
	if _, added, ok := s.trap(sq, top, s.empties(), nil); ok {
		return trapScore(s.margins(sq, added))
	}
	diff, n := s.margins(sq, 0)
	return evalAdjacent*diff + evalCount*n + evalPlace*top
}

// trapScore is the score of a game that ends with the given margins.
func trapScore(diff, n int) int {
	switch {
	case diff > 0 || diff == 0 && n > 0:
		return evalTrap + evalFinishedK*diff
	case diff == 0 && n == 0:
		return 0
	}
	return -evalTrap + evalFinishedK*diff
}

// valueAround returns the sum of p's values on the squares of nb.
func (s *State) valueAround(p game.Player, nb uint64) int {
	sum := 0
	for v := 1; v <= 4; v++ {
		sum += v * popcount(s.pieces[p][v]&nb)
	}
	return sum
}

// targetsFrom is totemTargets for a totem on sq, with own and opp the
// squares of the mover's and the opponent's pieces. totemTargets keeps
// its own copy of the loop: calling this one from it made random
// playouts 3-4% slower (BenchmarkPlayout, 4 runs each way, session 2).
func targetsFrom(sq int, own, opp uint64) uint64 {
	rays := &geo.rays[sq]
	var to uint64
	for d := 0; d < numRising; d++ {
		to |= nearestRising(rays[d] &^ own)
	}
	for d := numRising; d < 8; d++ {
		to |= nearestFalling(rays[d] &^ own)
	}
	return to &^ opp
}
