package abraxas

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

// On board 1 after the corner choice the near-lines are e1-e3+e4,
// e7-e9+e6, a5-c5+d5 and g5-i5+f5 for each push: exactly the four
// scoring red turns of the spec's hand count.
func TestNearLines(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id   string
		want int
	}{{"abraxas", 4}, {"abraxas:push=free", 8}} {
		s := newState(t, tc.id, "9/9/9/9/9/9/9/9/9 1 bl 1 play 0-0 3-3 -").(*State)
		if got := s.nearLines(); got != tc.want {
			t.Errorf("%s: got %d near-lines, want %d", tc.id, got, tc.want)
		}
	}
}

func TestEvaluate(t *testing.T) {
	t.Parallel()
	eval := func(pos string) int { return newState(t, "abraxas", pos).(game.Evaluator).Evaluate() }
	ahead := eval("9/9/9/9/9/9/9/9/9 1 bl 1 play 3-1 3-3 -")
	behind := eval("9/9/9/9/9/9/9/9/9 1 bl 2 play 3-1 3-3 -")
	if ahead <= 0 || behind >= 0 || ahead+behind != 2*4*evalNearLine {
		t.Errorf("3-1: got %d for player 1 and %d for player 2, want opposite material terms", ahead, behind)
	}
	if fewer := eval("9/9/9/9/9/9/9/9/B8 1 bl 1 play 3-1 2-3 -"); fewer >= ahead {
		t.Errorf("a stop pawn spent: got %d, want less than %d", fewer, ahead)
	}
	if won := eval("9/9/9/9/9/9/9/9/9 1 bl 2 interrupt 11-5 3-3 -"); won != -(game.EvalWin - 1) {
		t.Errorf("lost game: got %d, want %d", won, -(game.EvalWin - 1))
	}
}

// evaluateBefore is Evaluate as it was written before it became a sum of
// features: the features must not change the search.
func evaluateBefore(s *State) int {
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
	case phaseInterrupt:
		v -= s.nearLines() * evalNearLine
	}
	return v
}

// TestFeaturesSumToEvaluate plays random games with both push rules and
// checks, at every position, finished ones included, that the
// compiled-in weights times the features give Evaluate, and that
// Evaluate is what it was.
func TestFeaturesSumToEvaluate(t *testing.T) {
	t.Parallel()
	var _ game.Featurer = (*State)(nil)
	for _, id := range []string{"abraxas", "abraxas:push=free"} {
		rng := rand.New(rand.NewPCG(19, 2))
		positions, nonzero := 0, make([]bool, numFeatures)
		for range 40 {
			s := newState(t, id, "").(*State)
			for ply := 0; ply < 400; ply++ {
				checkFeatures(t, s, nonzero)
				positions++
				if s.Result() != game.Ongoing {
					break
				}
				s.Play(s.RandomMove(rng))
			}
		}
		if positions < 1000 {
			t.Errorf("%s: got %d positions, want at least 1000", id, positions)
		}
		for i, ok := range nonzero {
			if !ok {
				t.Errorf("%s: feature %q was 0 in every position: the test does not exercise it", id, featureNames[i])
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
