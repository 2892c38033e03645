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
// returns that move.
func TestSavingEveryPosition(t *testing.T) {
	t.Parallel()
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
			if minimax(s) != 1 { // the opponent, to act, does not win
				want = append(want, m)
			}
			s.Undo()
		}
		m, ok := solver.Saving(context.Background(), sv, s, solver.Limits{})
		wantOK := len(want) == 1 && len(s.Moves(nil)) > 1
		if ok != wantOK || (ok && m != want[0]) {
			t.Fatalf("%s: got %s, %v, want the only saving move of %v", s, s.FormatMove(m), ok, want)
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
		t.Fatal("got no saving puzzle, want some")
	}
	if _, ok := solver.Saving(context.Background(), sv, s, solver.Limits{Nodes: 3}); ok {
		t.Error("got a puzzle within 3 nodes at the start, want none (the budget runs out)")
	}
}
