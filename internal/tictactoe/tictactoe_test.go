package tictactoe

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	gametest.Run(t, Game(), gametest.Config{Positions: []string{"X1O/1X1/O2 x", "XOX/1O1/3 x"}, Playouts: 100})
}

func TestPerft(t *testing.T) {
	t.Parallel()
	s := &State{}
	// 255168 complete games is the well-known count; perft counts
	// sequences of exactly length D, cut short by wins.
	for _, tc := range []struct {
		depth int
		want  uint64
	}{{1, 9}, {2, 72}, {3, 504}, {9, 127872}} {
		if got := game.Perft(s, tc.depth); got != tc.want {
			t.Errorf("perft %d: got %d, want %d", tc.depth, got, tc.want)
		}
	}
}
