package mcts

import (
	"context"
	"errors"
	"testing"

	"github.com/plateau-games/plateau/ai/internal/aitest"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestWeightsAtTheCutoff: where a playout is cut off, the configured
// weights score the position instead of the compiled-in evaluation: the
// first move takes the centre when it is worth much, avoids it when it
// costs much; weights that do not fit the features are refused.
func TestWeightsAtTheCutoff(t *testing.T) {
	t.Parallel()
	start, err := tictactoe.Parse("3/3/3 x")
	if err != nil {
		t.Fatal(err)
	}
	centre, err := start.ParseMove("b2")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		weights []float64
		centre  bool
	}{
		{"worth much", []float64{1000}, true},
		{"costing much", []float64{-1000}, false},
	} {
		a := New(Config{Limits: ai.Limits{Nodes: 2000}, Cutoff: 1, Weights: tc.weights, Seed: 1})
		m, _, err := a.Choose(context.Background(), aitest.Centred{State: start.Clone()}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := m == centre; got != tc.centre {
			t.Errorf("%s: got %s, want the centre %v", tc.name, start.FormatMove(m), tc.centre)
		}
	}
	a := New(Config{Limits: ai.Limits{Nodes: 10}, Cutoff: 1, Weights: []float64{1, 2}})
	if _, _, err := a.Choose(context.Background(), aitest.Centred{State: start.Clone()}, nil); !errors.Is(err, ai.ErrBadSpec) {
		t.Errorf("two weights for one feature: got %v, want ErrBadSpec", err)
	}
}
