package oxford

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

// evaluateBefore is Evaluate as it was written before it became a sum of
// features: the features must not change the search.
func evaluateBefore(s *State) int {
	standing := func(p game.Player, rs []reach) int {
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
	p, o := s.side, s.side.Other()
	var rp, ro [maxInPlay]reach
	np, no := s.reaches(p, &rp), s.reaches(o, &ro)
	v := standing(p, rp[:np]) - standing(o, ro[:no])
	if s.takesLastFace(p, rp[:np]) {
		v += evalWinNow
	}
	if s.takesLastFace(o, ro[:no]) {
		v -= evalThreat
	}
	return v
}

// TestFeaturesSumToEvaluate plays random games in both variants and
// checks, at every position, that the compiled-in weights times the
// features give Evaluate, and that Evaluate is what it was.
func TestFeaturesSumToEvaluate(t *testing.T) {
	t.Parallel()
	var _ game.Featurer = (*State)(nil)
	for _, start := range []struct {
		pos      string
		beginner bool
	}{{StartStandard, false}, {StartBeginner, true}} {
		rng := rand.New(rand.NewPCG(19, 2))
		positions, nonzero := 0, make([]bool, numFeatures)
		for range 60 {
			s, err := parse(start.pos, start.beginner)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 200 && s.Result() == game.Ongoing; ply++ {
				checkFeatures(t, s, nonzero)
				positions++
				s.Play(s.RandomMove(rng))
			}
		}
		if positions < 1000 {
			t.Errorf("%s: got %d positions, want at least 1000", start.pos, positions)
		}
		for i, ok := range nonzero {
			if !ok && !start.beginner {
				t.Errorf("feature %q was 0 in every position: the test does not exercise it", featureNames[i])
			}
		}
	}
}

func checkFeatures(t *testing.T, s *State, nonzero []bool) {
	t.Helper()
	for i, x := range gametest.CheckFeatures(t, s) {
		nonzero[i] = nonzero[i] || x != 0
	}
	if got, want := s.Evaluate(), evaluateBefore(s); got != want {
		t.Fatalf("%s: Evaluate %d, want %d as before", s, got, want)
	}
}
