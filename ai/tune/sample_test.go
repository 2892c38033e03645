package tune_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/tune"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// pieces is tic-tac-toe with one feature: the pieces of the player to
// act minus the opponent's.
type pieces struct{ game.State }

func (c pieces) Clone() game.State { return pieces{c.State.Clone()} }

func (c pieces) Features(dst []float64) []float64 {
	if c.ToAct() == game.First {
		return append(dst, 0) // as many of each
	}
	return append(dst, -1)
}

func (c pieces) EvalWeights() []float64 { return []float64{1} }
func (c pieces) FeatureNames() []string { return []string{"pieces"} }

func start(t *testing.T) game.State {
	t.Helper()
	s, err := tictactoe.Parse("3/3/3 x")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func randomAgent(seed uint64) (ai.Agent, error) { return ai.NewRandom(seed), nil }

// TestGenerateLabels plays one game at a time and checks that the
// positions after the skipped plies are sampled, and that each is
// labelled from its player to act's view: the players alternate, so
// consecutive results add up to 1, and the last mover won or drew.
func TestGenerateLabels(t *testing.T) {
	t.Parallel()
	for seed := range uint64(30) {
		cfg := tune.Config{Start: pieces{start(t)}, NewAgent: randomAgent, Games: 1, OpeningPlies: 1, SkipPlies: 2, Seed: seed}
		samples, err := tune.Generate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(samples) < 3 || len(samples) > 7 {
			t.Fatalf("seed %d: got %d samples, want 3 to 7 (a game of 5 to 9 plies less 2)", seed, len(samples))
		}
		for j := 1; j < len(samples); j++ {
			if sum := samples[j-1].Result + samples[j].Result; sum != 1 {
				t.Fatalf("seed %d: results %v and %v of consecutive positions, want a sum of 1", seed, samples[j-1].Result, samples[j].Result)
			}
		}
		if last := samples[len(samples)-1].Result; last == 0 {
			t.Errorf("seed %d: the last mover's result is a loss, want a win or a draw", seed)
		}
		again, err := tune.Generate(context.Background(), cfg)
		if err != nil || !reflect.DeepEqual(again, samples) {
			t.Errorf("seed %d: a second run gave other samples", seed)
		}
	}
}

func TestGenerateWithoutFeatures(t *testing.T) {
	t.Parallel()
	_, err := tune.Generate(context.Background(), tune.Config{Start: start(t), NewAgent: randomAgent, Games: 1})
	if !errors.Is(err, tune.ErrNoFeatures) {
		t.Errorf("got %v, want ErrNoFeatures", err)
	}
}
