package abraxas

import (
	"testing"

	"github.com/plateau-games/plateau/game"
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
