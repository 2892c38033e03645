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

// The features of the evaluation, in the order of evalWeights, from the
// view of the player to act. A finished game has only featResult (±1,
// weight EvalWin-1), so that every position is a weighted sum.
const (
	featPawn = iota
	featLateLead
	featStop
	featNearLine
	featTakeDue
	featResult
	numFeatures
)

var (
	evalWeights  = [numFeatures]int{evalPawn, evalLateLead, evalStop, evalNearLine, evalTakeDue, game.EvalWin - 1}
	featureNames = [numFeatures]string{"pawns taken", "late lead", "stops in hand", "near-lines", "take due", "result"}
)

// Evaluate implements game.Evaluator, from the view of the player to act.
func (s *State) Evaluate() int {
	var f [numFeatures]int
	s.features(&f)
	return game.WeightedSum(f[:], evalWeights[:])
}

// Features implements game.Featurer.
func (s *State) Features(dst []float64) []float64 {
	var f [numFeatures]int
	s.features(&f)
	return game.AppendFloats(dst, f[:])
}

// evalTable is the evaluation's table for game.Linear, which State
// embeds for EvalWeights and FeatureNames.
type evalTable struct{}

// Weights implements game.LinearTable.
func (evalTable) Weights() []int { return evalWeights[:] }

// Names implements game.LinearTable.
func (evalTable) Names() []string { return featureNames[:] }

// features computes the terms of Evaluate; the corner choice has none.
func (s *State) features(f *[numFeatures]int) {
	p := &s.p
	me, other := p.toAct, 1-p.toAct
	switch p.result {
	case game.Draw:
		return
	case game.FirstWins, game.SecondWins:
		f[featResult] = -1
		if w, _ := p.result.Winner(); int8(w) == me {
			f[featResult] = 1
		}
		return
	}
	if p.phase == phaseCorner {
		return
	}
	lead := int(p.taken[me]) - int(p.taken[other])
	f[featPawn] = lead
	f[featLateLead] = lead * (poolSize - p.pool())
	f[featStop] = int(p.stops[me]) - int(p.stops[other])
	switch p.phase {
	case phaseTake:
		f[featTakeDue] = 1
	case phasePlay:
		f[featNearLine] = s.nearLines()
	case phaseInterrupt: // the opponent replays next
		f[featNearLine] = -s.nearLines()
	}
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
