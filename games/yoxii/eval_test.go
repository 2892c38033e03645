package yoxii

import (
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestEvaluate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, pos string
		lo, hi    int // want lo <= Evaluate() <= hi
	}{
		{"start is level", StartPosition, 0, 0},
		// White to act with 9 to 2 around the totem.
		{"ahead around the totem", "yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", 300, 2000},
		// The same lead seen by red (one more white piece far away).
		{"behind around the totem", "yxo/i1o1y/2iY3/YIOTOI1/4X2/5/O2 r", -2000, -300},
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
