package alphabeta_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/alphabeta"
	"github.com/plateau-games/plateau/game"
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

// TestWeights checks that a one-ply search takes the centre with the
// compiled-in weight and with a positive one, avoids it with a negative
// one, and refuses weights that do not fit the features.
func TestWeights(t *testing.T) {
	t.Parallel()
	start := centred{ttt(t, "3/3/3 x")}
	centre, err := start.ParseMove("b2")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		weights []float64
		centre  bool
	}{
		{"compiled-in", nil, true},
		{"positive", []float64{3}, true},
		{"negative", []float64{-10}, false},
	} {
		s := game.State(start)
		a := alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 1}, Weights: tc.weights})
		m, info, err := a.Choose(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := m == centre; got != tc.centre {
			t.Errorf("%s: got %s (score %d), want the centre %v", tc.name, s.FormatMove(m), info.Score, tc.centre)
		}
	}
	a := alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 1}, Weights: []float64{1, 2}})
	if _, _, err := a.Choose(context.Background(), start, nil); !errors.Is(err, ai.ErrBadSpec) {
		t.Errorf("two weights for one feature: got %v, want ErrBadSpec", err)
	}
}
