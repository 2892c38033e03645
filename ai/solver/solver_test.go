package solver_test

import (
	"context"
	"testing"

	"github.com/plateau-games/plateau/ai/internal/nim"
	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// minimax is the plain reference: no table, no pruning, no alternation
// assumed; the value for the player to act, 1 win, 0 draw, -1 loss.
func minimax(s game.State) int {
	if r := s.Result(); r != game.Ongoing {
		return score(r, s.ToAct())
	}
	p := s.ToAct()
	best := -2
	for _, m := range s.Moves(nil) {
		s.Play(m)
		v := minimax(s)
		if s.ToAct() != p {
			v = -v
		}
		s.Undo()
		best = max(best, v)
	}
	return best
}

func score(r game.Result, p game.Player) int {
	w, ok := r.Winner()
	switch {
	case !ok:
		return 0
	case w == p:
		return 1
	}
	return -1
}

var wantValue = map[int]solver.Value{-1: solver.Loss, 0: solver.Draw, 1: solver.Win}

// checkAll solves every position reachable from s with one solver (its
// table shared, as an agent shares it between moves) and compares with
// minimax; it also checks that the best move keeps the value.
func checkAll(t *testing.T, sv *solver.Solver, s game.State, seen map[uint64]bool) {
	t.Helper()
	if seen[s.Hash()] || s.Result() != game.Ongoing {
		return
	}
	seen[s.Hash()] = true
	want := minimax(s)
	got := sv.Solve(context.Background(), s, solver.Limits{})
	if got.Value != wantValue[want] {
		t.Fatalf("position %q: got %v, want %v", s, got.Value, wantValue[want])
	}
	p := s.ToAct()
	s.Play(got.Best)
	after := minimax(s)
	if s.ToAct() != p {
		after = -after
	}
	s.Undo()
	if after != want {
		t.Fatalf("position %q: best move %s reaches %d, want %d", s, s.FormatMove(got.Best), after, want)
	}
	if got.Plies <= 0 {
		t.Fatalf("position %q: got plies %d, want a line to the end", s, got.Plies)
	}
	for _, m := range s.Moves(nil) {
		s.Play(m)
		checkAll(t, sv, s, seen)
		s.Undo()
	}
}

func TestTicTacToeEveryPosition(t *testing.T) {
	t.Parallel()
	s, err := tictactoe.Game().Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[uint64]bool{}
	checkAll(t, solver.New(16), s, seen)
	if len(seen) < 4000 {
		t.Fatalf("got %d positions, want the 4520 ongoing ones", len(seen))
	}
}

func TestNimWithoutAlternation(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 18; n++ {
		checkAll(t, solver.New(16), nim.New(n), map[uint64]bool{})
	}
}

func TestBudgetGivesUnknown(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		lim  solver.Limits
	}{
		{"nodes", context.Background(), solver.Limits{Nodes: 5}},
		{"context", ctx, solver.Limits{}},
	}
	for _, tc := range tests {
		s, _ := tictactoe.Game().Start(nil)
		before := s.String()
		got := solver.New(16).Solve(tc.ctx, s, tc.lim)
		if got.Value != solver.Unknown {
			t.Errorf("%s: got %v, want unknown", tc.name, got.Value)
		}
		if tc.lim.Nodes > 0 && got.Nodes > tc.lim.Nodes {
			t.Errorf("%s: got %d nodes, want at most %d", tc.name, got.Nodes, tc.lim.Nodes)
		}
		if s.String() != before {
			t.Errorf("%s: position changed to %q", tc.name, s)
		}
	}
}

func TestFinishedPosition(t *testing.T) {
	t.Parallel()
	// X has three in a row and O is to move: the game is over, lost
	// for the player to move, with nothing to search.
	s, err := tictactoe.Parse("XXX/OO1/3 o")
	if err != nil {
		t.Fatalf("bad position: %v", err)
	}
	if s.Result() == game.Ongoing {
		t.Fatalf("position %q is not finished", s)
	}
	got := solver.New(16).Solve(context.Background(), s, solver.Limits{})
	if got.Value != solver.Loss {
		t.Fatalf("got %v, want loss for o", got.Value)
	}
}
