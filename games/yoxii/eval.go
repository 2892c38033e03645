package yoxii

import "github.com/plateau-games/plateau/game"

// Weights of the evaluation terms, in centi-points of the final score.
const (
	evalAdjacent  = 100 // per point of value next to the totem: the score itself
	evalCount     = 20  // per piece next to the totem: the tie-break
	evalRing      = 25  // per point of value two squares from the totem
	evalMobility  = 8   // per totem destination
	evalHand      = 3   // per point of value still in hand
	evalFinished  = 900_000
	evalFinishedK = 100 // per point of final margin, to prefer bigger wins
)

// Evaluate implements game.Evaluator, from the view of the player to act:
//
//   - the score now, 100 per point of own value next to the totem minus
//     the opponent's, and 20 per piece for the tie-break;
//   - 25 per point of value two squares away, where the totem is likely
//     to go in the next moves;
//   - 8 per totem destination the player to act has, minus the
//     opponent's (had they to act): a totem that cannot move ends the game;
//   - 3 per point of value still in hand, minus the opponent's: a 4 kept
//     for the end is worth more than one spent early.
//
// A finished game scores ±900000 plus 100 per point of margin.
func (s *State) Evaluate() int {
	me, opp := s.side, s.side^1
	sc := s.Scores()
	if s.over() {
		switch r := s.Result(); r {
		case game.Draw:
			return 0
		case game.Win(me):
			return evalFinished + evalFinishedK*(sc[me]-sc[opp])
		}
		return -evalFinished + evalFinishedK*(sc[me]-sc[opp])
	}
	n := s.adjacentCounts()
	e := evalAdjacent*(sc[me]-sc[opp]) + evalCount*(n[me]-n[opp])
	ring := geo.ring2[s.totem]
	for v := 1; v <= 4; v++ {
		e += evalRing * v * (popcount(s.pieces[me][v]&ring) - popcount(s.pieces[opp][v]&ring))
		e += evalHand * v * int(s.hand[me][v]-s.hand[opp][v])
	}
	e += evalMobility * (popcount(s.moveTargets()) - popcount(s.totemTargets(opp)))
	return e
}
