package puzzles

import (
	"context"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestProveDeepEveryPosition: in every tic-tac-toe position with two
// moves or more, proveDeep finds a move exactly where one move alone wins
// by exhaustive search, returns it, and its plies are a bound within
// which that move forces the win (at least the fewest); some are longer
// than ExhaustivePlies. With -short, a quarter of the positions.
func TestProveDeepEveryPosition(t *testing.T) {
	t.Parallel()
	s, err := tictactoe.Game().Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	deep := 0
	seen := map[uint64]bool{}
	var walk func()
	walk = func() {
		if seen[s.Hash()] || s.Result() != game.Ongoing {
			return
		}
		seen[s.Hash()] = true
		if testing.Short() && len(seen)%4 != 0 { // a quarter: a minute less under the race detector
			recurse(s, walk)
			return
		}
		m, plies, err := proveDeep(context.Background(), s, 16)
		wins, _ := winsWithin(s, 9, 0)
		if len(wins) == 1 && len(s.Moves(nil)) > 1 {
			short := shortest(s, wins[0])
			if err != nil || m != wins[0] || plies < short {
				t.Fatalf("%s: got %s in %d (%v), want %s, a win in %d at least", s, s.FormatMove(m), plies, err, s.FormatMove(wins[0]), short)
			}
			if plies > ExhaustivePlies {
				deep++
			}
		} else if err == nil {
			t.Fatalf("%s: got %s in %d, want no deep puzzle (%d winning moves)", s, s.FormatMove(m), plies, len(wins))
		}
		recurse(s, walk)
	}
	walk()
	if deep == 0 {
		t.Fatal("got no puzzle longer than ExhaustivePlies, want some")
	}
	t.Logf("%d positions, %d deep puzzles", len(seen), deep)
}

// recurse calls walk after each move of s.
func recurse(s game.State, walk func()) {
	for _, m := range s.Moves(nil) {
		s.Play(m)
		walk()
		s.Undo()
	}
}

// shortest is the fewest decisions within which m, in s, forces the win.
func shortest(s game.State, m game.Move) int {
	for plies := 1; ; plies++ {
		wins, _ := winsWithin(s, plies, 0)
		for _, w := range wins {
			if w == m {
				return plies
			}
		}
	}
}
