package solver_test

import (
	"context"
	"testing"

	"github.com/plateau-games/plateau/ai/internal/nim"
	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// checkProver solves every position reachable from s with one prover
// and with the alpha-beta solver and compares both with minimax; the
// prover's best move must keep the value, and a win or a loss comes with
// the length of its proof.
func checkProver(t *testing.T, pr, ab solver.Interface, s game.State, seen map[uint64]bool) {
	t.Helper()
	if seen[s.Hash()] || s.Result() != game.Ongoing {
		return
	}
	seen[s.Hash()] = true
	want := minimax(s)
	got := pr.Solve(context.Background(), s, solver.Limits{})
	if got.Value != wantValue[want] {
		t.Fatalf("position %q: got %v, want %v", s, got.Value, wantValue[want])
	}
	if other := ab.Solve(context.Background(), s, solver.Limits{}); other.Value != got.Value {
		t.Fatalf("position %q: prover %v, alpha-beta solver %v", s, got.Value, other.Value)
	}
	p := s.ToAct()
	s.Play(got.Best)
	after := minimax(s)
	if s.ToAct() != p {
		after = -after
	}
	s.Undo()
	if after != want && want != -1 {
		t.Fatalf("position %q: best move %s reaches %d, want %d", s, s.FormatMove(got.Best), after, want)
	}
	if want != 0 && got.Plies <= 0 {
		t.Fatalf("position %q: got plies %d, want the proof's length", s, got.Plies)
	}
	for _, m := range s.Moves(nil) {
		s.Play(m)
		checkProver(t, pr, ab, s, seen)
		s.Undo()
	}
}

func TestProverTicTacToeEveryPosition(t *testing.T) {
	t.Parallel()
	s, err := tictactoe.Game().Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[uint64]bool{}
	checkProver(t, solver.NewProver(16), solver.New(16), s, seen)
	if len(seen) < 4000 {
		t.Fatalf("got %d positions, want the 4520 ongoing ones", len(seen))
	}
}

func TestProverFreshTable(t *testing.T) {
	t.Parallel()
	// A fresh prover for each position: no help from earlier solves.
	for _, pos := range []string{"3/3/3 x", "X2/1O1/2X o", "XX1/OO1/3 x", "XX1/XO1/2O o"} {
		s, err := tictactoe.Parse(pos)
		if err != nil {
			t.Fatal(err)
		}
		want := wantValue[minimax(s)]
		if got := solver.NewProver(16).Solve(context.Background(), s, solver.Limits{}); got.Value != want {
			t.Errorf("%s: got %v, want %v", pos, got.Value, want)
		}
	}
}

func TestProverNimWithoutAlternation(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 18; n++ {
		checkProver(t, solver.NewProver(16), solver.New(16), nim.New(n), map[uint64]bool{})
	}
}

func TestProverBudgetGivesUnknown(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		lim  solver.Limits
	}{
		{"nodes", context.Background(), solver.Limits{Nodes: 5}},
		{"context", ctx, solver.Limits{}},
	} {
		s, _ := tictactoe.Game().Start(nil)
		before := s.String()
		got := solver.NewProver(16).Solve(tc.ctx, s, tc.lim)
		if got.Value != solver.Unknown {
			t.Errorf("%s: got %v, want unknown", tc.name, got.Value)
		}
		if s.String() != before {
			t.Errorf("%s: position changed to %q", tc.name, s)
		}
	}
}

func TestAutoAgreesWithMinimax(t *testing.T) {
	t.Parallel()
	for _, pos := range []string{"3/3/3 x", "X2/1O1/2X o", "XX1/OO1/3 x", "XX1/XO1/2O o"} {
		s, err := tictactoe.Parse(pos)
		if err != nil {
			t.Fatal(err)
		}
		want := wantValue[minimax(s)]
		if got := solver.NewAuto(16).Solve(context.Background(), s, solver.Limits{Nodes: 1_000_000}); got.Value != want {
			t.Errorf("%s: got %v, want %v", pos, got.Value, want)
		}
	}
}
