package alphabeta_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/plateau-games/plateau/ai/internal/aitest"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/alphabeta"
	"github.com/plateau-games/plateau/game"
)

// TestWeights checks that a one-ply search takes the centre with the
// compiled-in weight and with a positive one, avoids it with a negative
// one, and refuses weights that do not fit the features.
func TestWeights(t *testing.T) {
	t.Parallel()
	start := aitest.Centred{State: ttt(t, "3/3/3 x")}
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

// centreValue is a Valuer with one input, the centre feature, worth
// perCentre units; it counts its calls.
type centreValue struct {
	perCentre float64
	calls     *atomic.Int64
}

func (v centreValue) Inputs() int { return 1 }
func (v centreValue) Value(f []float64) float64 {
	v.calls.Add(1)
	return v.perCentre * f[0]
}

// spied is aitest.Centred whose Evaluate counts its calls: with a Value, no
// thread may call it.
type spied struct {
	aitest.Centred
	evals *atomic.Int64
}

func (s spied) Clone() game.State { return spied{aitest.Centred{State: s.State.Clone()}, s.evals} }
func (s spied) Evaluate() int {
	s.evals.Add(1)
	return s.Centred.Evaluate()
}

// TestValue checks that a Value scores the leaves in place of the
// evaluation, in the main thread and in Lazy SMP's helpers, and is
// refused when it does not fit the features or comes with weights.
func TestValue(t *testing.T) {
	t.Parallel()
	var evals atomic.Int64
	start := spied{aitest.Centred{State: ttt(t, "3/3/3 x")}, &evals}
	centre, _ := start.ParseMove("b2")
	for _, tc := range []struct {
		name      string
		perCentre float64
		threads   int
		centre    bool
	}{
		{"positive", 40, 1, true},
		{"negative", -40, 1, false},
		{"negative, two threads", -40, 2, false},
		{"positive, two threads", 40, 2, true},
	} {
		var calls atomic.Int64
		a := alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 3}, Threads: tc.threads,
			Value: centreValue{tc.perCentre, &calls}})
		m, info, err := a.Choose(context.Background(), start, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := m == centre; got != tc.centre {
			t.Errorf("%s: got %s (score %d), want the centre %v", tc.name, start.FormatMove(m), info.Score, tc.centre)
		}
		if calls.Load() == 0 || evals.Load() != 0 {
			t.Errorf("%s: got %d calls of the value and %d of Evaluate, want some and none", tc.name, calls.Load(), evals.Load())
		}
	}
	var calls atomic.Int64
	for _, cfg := range []alphabeta.Config{
		{Limits: ai.Limits{Depth: 1}, Value: wrongInputs{centreValue{1, &calls}}},
		{Limits: ai.Limits{Depth: 1}, Value: centreValue{1, &calls}, Weights: []float64{1}},
	} {
		if _, _, err := alphabeta.New(cfg).Choose(context.Background(), start, nil); !errors.Is(err, ai.ErrBadSpec) {
			t.Errorf("%+v: got %v, want ErrBadSpec", cfg, err)
		}
	}
}

type wrongInputs struct{ centreValue }

func (wrongInputs) Inputs() int { return 2 }
