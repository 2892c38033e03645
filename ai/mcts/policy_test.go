package mcts

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// counted is tic-tac-toe whose policy move is the last legal move, and
// which counts how often the policy was asked, across its clones.
type counted struct {
	*tictactoe.State
	calls *int
}

func (c counted) Clone() game.State {
	return counted{c.State.Clone().(*tictactoe.State), c.calls}
}

func (c counted) PlayoutMove(*rand.Rand) game.Move {
	*c.calls++
	moves := c.Moves(nil)
	return moves[len(moves)-1]
}

func TestPolicyFirst(t *testing.T) {
	t.Parallel()
	s, _ := tictactoe.Parse("3/3/3 x")
	calls := 0
	moves := s.Moves(nil)
	want := moves[len(moves)-1]
	policyFirst(counted{s, &calls}, moves, nil)
	if moves[0] != want || len(moves) != 9 {
		t.Errorf("got %v, want the policy move %v first of 9", moves, want)
	}
}

func TestPolicyPlayouts(t *testing.T) {
	t.Parallel()
	for _, policy := range []bool{false, true} {
		s, _ := tictactoe.Parse("3/3/3 x")
		calls := 0
		sr := New(Config{Limits: ai.Limits{Nodes: 200}, Policy: policy, Seed: 1})
		if _, _, err := sr.Choose(context.Background(), counted{s, &calls}, nil); err != nil {
			t.Fatal(err)
		}
		if got := calls > 200; got != policy {
			t.Errorf("policy %v: got %d policy calls in 200 iterations", policy, calls)
		}
	}
}
