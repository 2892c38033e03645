package solver_test

import (
	"context"
	"testing"

	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestSavingEveryPosition: in every tic-tac-toe position, Saving finds a
// puzzle exactly where minimax says one move alone does not lose, and
// Winning one where minimax says one move alone wins; each returns that
// move.
func TestSavingEveryPosition(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		find func(context.Context, solver.Interface, game.State, solver.Limits) (game.Move, bool)
		good func(after int) bool // the opponent's minimax value after a move
	}{
		{"saving", solver.Saving, func(v int) bool { return v != 1 }},
		{"winning", solver.Winning, func(v int) bool { return v == -1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := onlyEveryPosition(t, tc.find, tc.good)
			if _, ok := tc.find(context.Background(), solver.NewProver(16), s, solver.Limits{Nodes: 3}); ok {
				t.Error("got a puzzle within 3 nodes at the start, want none (the budget runs out)")
			}
		})
	}
}

// onlyEveryPosition walks every tic-tac-toe position and checks that
// find returns a move exactly where one move alone is good by minimax;
// it returns the start position.
func onlyEveryPosition(t *testing.T, find func(context.Context, solver.Interface, game.State, solver.Limits) (game.Move, bool), good func(int) bool) game.State {
	s, err := tictactoe.Game().Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	sv := solver.NewProver(16)
	found := 0
	seen := map[uint64]bool{}
	var walk func()
	walk = func() {
		if seen[s.Hash()] || s.Result() != game.Ongoing {
			return
		}
		seen[s.Hash()] = true
		var want []game.Move
		for _, m := range s.Moves(nil) {
			s.Play(m)
			if good(minimax(s)) {
				want = append(want, m)
			}
			s.Undo()
		}
		m, ok := find(context.Background(), sv, s, solver.Limits{})
		wantOK := len(want) == 1 && len(s.Moves(nil)) > 1
		if ok != wantOK || (ok && m != want[0]) {
			t.Fatalf("%s: got %s, %v, want the only good move of %v", s, s.FormatMove(m), ok, want)
		}
		if ok {
			found++
		}
		for _, m := range s.Moves(nil) {
			s.Play(m)
			walk()
			s.Undo()
		}
	}
	walk()
	if found == 0 {
		t.Fatal("got no puzzle, want some")
	}
	return s
}
