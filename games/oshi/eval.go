package oshi

import (
	"math/bits"

	"github.com/plateau-games/plateau/game"
)

// Evaluation weights, in centipoints (100 = one point of score).
const (
	wMargin    = 100 // per point of score difference
	wPlace     = 4   // per value x (1 + distance from the edge), on the board
	wAttack    = 60  // per point the side to act can push off now
	wDanger    = 40  // per point the opponent could push off next
	wMobility  = 3   // per legal move more than the opponent
	evalWinNow = 50_000
)

// The features of the evaluation, in the order of evalWeights, from the
// view of the side to act. A position the side to act wins at once has
// only featWinNow, so that the weighted sum is evalWinNow as Evaluate
// says.
const (
	featMargin = iota
	featPlace
	featAttack
	featDanger
	featMobility
	featWinNow
	numFeatures
)

var (
	evalWeights  = [numFeatures]int{wMargin, wPlace, wAttack, wDanger, wMobility, evalWinNow}
	featureNames = [numFeatures]string{"margin", "placement", "attack", "danger", "mobility", "win now"}
)

// Evaluate implements game.Evaluator, from the view of the side to act.
// Its terms are documented in docs/rules/oshi.md.
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
	me, opp := s.side, s.side^1
	mine, win := s.bestGain(me, true)
	if win {
		f[featWinNow] = 1
		return
	}
	theirs, _ := s.bestGain(opp, false)
	f[featMargin] = s.score[me] - s.score[opp]
	f[featPlace] = s.placement(me) - s.placement(opp)
	f[featAttack] = mine
	f[featDanger] = -theirs
	f[featMobility] = s.count(me, true) - s.count(opp, false)
}

// placement is material on the board weighted by value and by distance
// from the nearest edge: a piece on the edge is one push from being lost.
func (s *State) placement(side int) int {
	n := 0
	for sq, p := range s.board {
		if p != 0 && ownerOf(p) == side {
			f, r := sq%size, sq/size
			d := min(f, r, size-1-f, size-1-r)
			n += tierOf(p) * (1 + d)
		}
	}
	return n
}

// bestGain returns the most points side could win with one move (points
// of the opponent pushed off less its own), and whether some move wins
// the game outright.
func (s *State) bestGain(side int, impasse bool) (best int, win bool) {
	var buf [maxMoves]game.Move
	for _, m := range s.generate(buf[:0], side, impasse) {
		// A move drops pieces exactly when more pieces lie ahead of the
		// mover than squares remain beyond its landing square.
		ahead, room := s.ahead(moveFrom(m), moveDir(m))
		if ahead <= room-moveDist(m) {
			continue
		}
		lost := s.lossesOf(m)
		gain := lost[side^1] - lost[side]
		if s.score[side]+lost[side^1] >= winScore && s.score[side^1]+lost[side] < winScore {
			win = true
		}
		best = max(best, gain)
	}
	return best, win
}

// ahead returns how many pieces stand between sq and the edge in
// direction dir, and how many squares there are.
func (s *State) ahead(sq, dir int) (pieces, squares int) {
	f, r := sq%size, sq/size
	switch dir {
	case north:
		return bits.OnesCount16(s.fileOcc[f] >> (r + 1)), size - 1 - r
	case south:
		return bits.OnesCount16(s.fileOcc[f] & (1<<r - 1)), r
	case east:
		return bits.OnesCount16(s.rankOcc[r] >> (f + 1)), size - 1 - f
	}
	return bits.OnesCount16(s.rankOcc[r] & (1<<f - 1)), f
}

// lossesOf returns the value each owner would lose off the board if m
// were played.
func (s *State) lossesOf(m game.Move) [2]int {
	from, dir := moveFrom(m), moveDir(m)
	first, stride, idx := lineOf(from, dir)
	var cells [size]uint8
	var orig [size]int8
	for i := range cells {
		cells[i] = s.board[first+i*stride]
	}
	return slide(&cells, &orig, idx, stepOf(dir), moveDist(m))
}
