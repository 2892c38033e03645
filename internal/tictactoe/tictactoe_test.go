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

// TestPaint: the picture has the nine cells and one piece per mark, on
// the squares the position names.
func TestPaint(t *testing.T) {
	t.Parallel()
	s, err := Parse("X2/1O1/2X o")
	if err != nil {
		t.Fatal(err)
	}
	var pt game.Painter = s
	p := pt.Paint()
	if p.Cols != 3 || p.Rows != 3 || len(p.Ground) != 9 {
		t.Fatalf("got %dx%d with %d cells, want 3x3 with 9", p.Cols, p.Rows, len(p.Ground))
	}
	got := map[string]string{}
	for _, pc := range p.Pieces {
		got[pc.Square] = pc.Shapes[0].Text
	}
	want := map[string]string{"a3": "X", "b2": "O", "c1": "X"}
	if len(got) != len(want) {
		t.Fatalf("got pieces %v, want %v", got, want)
	}
	for sq, m := range want {
		if got[sq] != m {
			t.Errorf("square %s: got %q, want %q", sq, got[sq], m)
		}
	}
}
