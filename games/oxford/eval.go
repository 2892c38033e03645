package oxford

import "github.com/plateau-games/plateau/game"

// Weights of the evaluation, in hundredths of a piece in play. The rules
// doc (docs/rules/oxford.md) explains each term.
const (
	evalInPlay   = 100 // a piece on the field
	evalLost     = 50  // a captured piece, beyond no longer being in play
	evalLoneFace = 250 // only one piece of a face left in play
	evalTwoFace  = 60  // only two
	evalMobility = 4   // a destination (field square, base square or exit)
	evalWinNow   = 800 // the player to act can take the opponent's last O or X
	evalThreat   = 200 // the opponent could take our last O or X next turn
)

// The features of the evaluation, in the order of evalWeights: each is
// the player to act's count minus the opponent's, signed so that its
// weight is positive.
const (
	featInPlay = iota
	featLost
	featLoneFace
	featTwoFace
	featMobility
	featWinNow
	featThreat
	numFeatures
)

var (
	evalWeights  = [numFeatures]int{evalInPlay, evalLost, evalLoneFace, evalTwoFace, evalMobility, evalWinNow, evalThreat}
	featureNames = [numFeatures]string{"in play", "lost", "lone face", "two of a face", "mobility", "win now", "threat"}
)

// Evaluate implements game.Evaluator: the standing of the player to act
// minus the opponent's, plus the immediate threats on a lone face, which
// favour whoever acts first.
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

// features computes the terms of Evaluate.
func (s *State) features(f *[numFeatures]int) {
	p, o := s.side, s.side.Other()
	var rp, ro [maxInPlay]reach
	np, no := s.reaches(p, &rp), s.reaches(o, &ro)
	s.standing(p, rp[:np], f, 1)
	s.standing(o, ro[:no], f, -1)
	if s.takesLastFace(p, rp[:np]) {
		f[featWinNow] = 1
	}
	if s.takesLastFace(o, ro[:no]) {
		f[featThreat] = -1
	}
}

// standing adds sign times one player's material, face safety and
// mobility to f.
func (s *State) standing(p game.Player, rs []reach, f *[numFeatures]int, sign int) {
	f[featInPlay] += sign * s.inPlay(p)
	f[featLost] -= sign * s.lost(p)
	switch min(popcount(s.bb[p][faceO]&fieldMask), popcount(s.bb[p][faceX]&fieldMask)) {
	case 0:
		f[featLoneFace] -= sign * 2
	case 1:
		f[featLoneFace] -= sign
	case 2:
		f[featTwoFace] -= sign
	}
	moves := popcount(s.exits(p))
	for _, r := range rs {
		moves += popcount(r.dests) + popcount(r.entries)
	}
	f[featMobility] += sign * moves
}

// takesLastFace tells whether p can capture the opponent's only piece of
// a face in play without turning over p's own only piece of a face.
func (s *State) takesLastFace(p game.Player, rs []reach) bool {
	o := p.Other()
	var lone uint64
	for f := range s.bb[o] {
		if b := s.bb[o][f] & fieldMask; popcount(b) == 1 {
			lone |= b
		}
	}
	if lone == 0 {
		return false
	}
	for _, r := range rs {
		if r.dests&lone == 0 {
			continue
		}
		if f := s.faceAt(p, 1<<r.from); popcount(s.bb[p][f]&fieldMask) >= 2 {
			return true
		}
	}
	return false
}
