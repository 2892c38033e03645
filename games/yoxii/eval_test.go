package yoxii

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestEvaluate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, pos string
		lo, hi    int // want lo <= Evaluate() <= hi
	}{
		// Level but for the 4 the mover places next to the totem.
		{"start", StartPosition, 1, 500},
		// White to act with 9 to 2 around the totem.
		{"ahead around the totem", "yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", 300, 2000},
		// The same lead seen by red (one more white piece far away): red
		// moves the totem away from it first.
		{"a lead left behind", "yxo/i1o1y/2iY3/YIOTOI1/4X2/5/O2 r", -300, 300},
		// Red moves the totem to c6 and fills d6, its last empty
		// neighbour, with a 4: white cannot move and red wins 12 to 6.
		{"a winning trap", "Oxo/i1TX1/1OiXoo1/Y1X1I2/1yxyYI1/O4/3 r", 400_000, 899_999},
		{"won", "3/5/7/7/6O/1oiy1/XTX w", 900_000, game.EvalWin - 1},
		{"lost", "yix/x4/7/7/7/1OOO1/OTO r", -game.EvalWin + 1, -900_000},
		{"drawn", "3/5/7/7/4o2/xoO2/TXI w", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Evaluate(); got < tc.lo || got > tc.hi {
				t.Errorf("got %d, want within [%d, %d]", got, tc.lo, tc.hi)
			}
		})
	}
}

// TestRandomMoveUniform draws many moves in positions with uneven
// placement counts per destination (a jump, a full neighbourhood, a
// missing value) and checks every legal move comes up about equally often.
func TestRandomMoveUniform(t *testing.T) {
	t.Parallel()
	for _, pos := range []string{
		"yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w",
		"yix/x3o/7/7/7/1OOO1/OTO w",
	} {
		t.Run(pos, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(pos)
			if err != nil {
				t.Fatal(err)
			}
			moves := s.Moves(nil)
			const per = 200
			count := map[game.Move]int{}
			rng := rand.New(rand.NewPCG(3, 4))
			for range per * len(moves) {
				count[s.RandomMove(rng)]++
			}
			for _, m := range moves {
				// The standard deviation is about 14: 6 of them either way.
				if c := count[m]; c < per-85 || c > per+85 {
					t.Errorf("%s drawn %d times, want about %d", s.FormatMove(m), c, per)
				}
				delete(count, m)
			}
			if len(count) != 0 {
				t.Errorf("drew %d moves that are not legal", len(count))
			}
		})
	}
}
