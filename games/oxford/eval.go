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

// Evaluate implements game.Evaluator: the standing of the player to act
// minus the opponent's, plus the immediate threats on a lone face, which
// favour whoever acts first.
func (s *State) Evaluate() int {
	p, o := s.side, s.side.Other()
	var rp, ro [maxInPlay]reach
	np, no := s.reaches(p, &rp), s.reaches(o, &ro)
	v := s.standing(p, rp[:np]) - s.standing(o, ro[:no])
	if s.takesLastFace(p, rp[:np]) {
		v += evalWinNow
	}
	if s.takesLastFace(o, ro[:no]) {
		v -= evalThreat
	}
	return v
}

// standing scores one player's material, face safety and mobility.
func (s *State) standing(p game.Player, rs []reach) int {
	v := evalInPlay*s.inPlay(p) - evalLost*s.lost(p)
	switch min(popcount(s.bb[p][faceO]&fieldMask), popcount(s.bb[p][faceX]&fieldMask)) {
	case 0:
		v -= 2 * evalLoneFace
	case 1:
		v -= evalLoneFace
	case 2:
		v -= evalTwoFace
	}
	moves := popcount(s.exits(p))
	for _, r := range rs {
		moves += popcount(r.dests) + popcount(r.entries)
	}
	return v + evalMobility*moves
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
