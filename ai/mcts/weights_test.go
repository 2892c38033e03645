package mcts

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// centred is tic-tac-toe with one feature, the centre: 1 when the player
// to act holds it, -1 when the opponent does; its compiled-in weight is 10.
type centred struct{ game.State }

func (c centred) Clone() game.State { return centred{c.State.Clone()} }

func (c centred) Features(dst []float64) []float64 {
	s := c.String() // "3/1X1/3 o": the middle row's middle cell
	rows := strings.Split(strings.Fields(s)[0], "/")
	mid := strings.NewReplacer("1", ".", "2", "..", "3", "...").Replace(rows[1])[1]
	own := strings.ToUpper(strings.Fields(s)[1])[0]
	switch mid {
	case '.':
		return append(dst, 0)
	case own:
		return append(dst, 1)
	}
	return append(dst, -1)
}

func (c centred) EvalWeights() []float64 { return []float64{10} }
func (c centred) FeatureNames() []string { return []string{"centre"} }
func (c centred) Evaluate() int          { return int(10 * c.Features(nil)[0]) }

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
		m, _, err := a.Choose(context.Background(), centred{start.Clone()}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := m == centre; got != tc.centre {
			t.Errorf("%s: got %s, want the centre %v", tc.name, start.FormatMove(m), tc.centre)
		}
	}
	a := New(Config{Limits: ai.Limits{Nodes: 10}, Cutoff: 1, Weights: []float64{1, 2}})
	if _, _, err := a.Choose(context.Background(), centred{start.Clone()}, nil); !errors.Is(err, ai.ErrBadSpec) {
		t.Errorf("two weights for one feature: got %v, want ErrBadSpec", err)
	}
}
