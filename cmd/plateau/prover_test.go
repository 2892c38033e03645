package main

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
)

// TestProverAgrees solves late positions of every game, reached by
// random playouts, with the proof-number prover, and compares with the
// alpha-beta solver and with plain minimax wherever they finish. The
// prover may answer unknown where the others prove a draw in a game that
// draws on repetition (its disproofs through a repetition are not
// trusted), never another value.
func TestProverAgrees(t *testing.T) {
	t.Parallel()
	for _, id := range registry().Names() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(11, 3))
			compared := 0
			for g := 0; g < 30 && compared < 8; g++ {
				compared += proverAgreesOnGame(t, id, rng)
			}
			t.Logf("%d positions compared", compared)
			if compared == 0 {
				t.Fatalf("got no position compared, want some")
			}
		})
	}
}

// proverAgreesOnGame plays one random game and checks the prover on the
// last positions; it returns how many it compared.
func proverAgreesOnGame(t *testing.T, id string, rng *rand.Rand) int {
	t.Helper()
	want := map[int]solver.Value{-1: solver.Loss, 0: solver.Draw, 1: solver.Win}
	s, err := registry().New(id, "")
	if err != nil {
		t.Fatal(err)
	}
	plies := 0
	for ; s.Result() == game.Ongoing && plies < 1000; plies++ {
		s.Play(playout(s, rng))
	}
	if s.Result() == game.Ongoing {
		return 0
	}
	compared := 0
	for k := 1; k <= 6 && k <= plies; k++ {
		s.Undo()
		got := solver.NewProver(18).Solve(context.Background(), s, solver.Limits{Nodes: 40_000})
		ab := solver.New(18).Solve(context.Background(), s, solver.Limits{Nodes: 40_000})
		budget := 20_000
		ref, err := minimax(s, -1, 1, &budget)
		if err == nil && ab.Value != solver.Unknown && ab.Value != want[ref] {
			t.Fatalf("position %q: alpha-beta solver %v, minimax %v", s, ab.Value, want[ref])
		}
		if err == nil {
			ab.Value = want[ref]
		}
		if got.Value == solver.Unknown && ab.Value == solver.Unknown {
			break // earlier positions are harder still
		}
		if got.Value == solver.Unknown || ab.Value == solver.Unknown {
			continue
		}
		if got.Value != ab.Value {
			t.Fatalf("position %q: got %v, want %v", s, got.Value, ab.Value)
		}
		compared++
	}
	return compared
}
