package abraxas

import "github.com/plateau-games/plateau/game"

// Evaluation weights; docs/rules/abraxas.md explains each term.
const (
	evalPawn     = 100 // a taken pawn
	evalLateLead = 2   // a taken pawn, again, per pawn gone from the pool
	evalStop     = 25  // a stop pawn in hand
	evalNearLine = 12  // a near-line the next red turn can complete
	evalTakeDue  = 80  // a take the player to act is about to make
)

// Evaluate implements game.Evaluator, from the view of the player to act.
func (s *State) Evaluate() int {
	p := &s.p
	me, other := p.toAct, 1-p.toAct
	switch p.result {
	case game.Draw:
		return 0
	case game.FirstWins, game.SecondWins:
		if w, _ := p.result.Winner(); int8(w) == me {
			return game.EvalWin - 1
		}
		return -(game.EvalWin - 1)
	}
	if p.phase == phaseCorner {
		return 0
	}
	lead := int(p.taken[me]) - int(p.taken[other])
	v := lead*evalPawn + lead*(poolSize-p.pool())*evalLateLead
	v += (int(p.stops[me]) - int(p.stops[other])) * evalStop
	switch p.phase {
	case phaseTake:
		v += evalTakeDue
	case phasePlay:
		v += s.nearLines() * evalNearLine
	case phaseInterrupt: // the opponent replays next
		v -= s.nearLines() * evalNearLine
	}
	return v
}

// nearLines counts, over each push the next red turn may make, the runs
// of four squares with three red squares and an empty hole: a pawn
// placed in that hole before the push completes a line.
func (s *State) nearLines() int {
	p := &s.p
	to, n := s.pushes()
	total := 0
	for _, c := range to[:n] {
		d := cornerOffset[c] - cornerOffset[p.corner]
		red, stop := p.red.shift(d), p.stop.shift(d)
		redSq := red.or(s.dots.andNot(stop))
		empty := plateAt[c].andNot(red.or(stop))
		for _, dir := range directions {
			sh := [4]bitset{redSq, redSq.shr(dir), redSq.shr(2 * dir), redSq.shr(3 * dir)}
			for gap := range 4 {
				w := empty.shr(uint(gap) * dir)
				for i := range 4 {
					if i != gap {
						w = w.and(sh[i])
					}
				}
				total += w.count()
			}
		}
	}
	return total
}
