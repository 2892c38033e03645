package yoxii

import (
	"flag"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

func TestDraw(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		pos   string
		color bool
	}{
		{"start", StartPosition, false},
		{"jumps", "yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", false},
		{"jumps_color", "yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", true},
		{"finished", "3/5/7/7/6O/1oiy1/XTX w", false},
		{"draw", "3/5/7/7/4o2/xoO2/TXI w", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			got := s.Draw(tc.color)
			path := filepath.Join("testdata", tc.name+".golden")
			gametest.Golden(t, path, got, *update)
		})
	}
}

// TestDrawLast marks the totem's squares and the placed piece of the
// last move, with and without colour, and nothing for no move.
func TestDrawLast(t *testing.T) {
	t.Parallel()
	s, err := Parse(StartPosition)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.DrawLast(false, 0), s.Draw(false); got != want {
		t.Errorf("DrawLast of no move: got\n%s\nwant the plain drawing\n%s", got, want)
	}
	if _, err := game.PlayChecked(s, "c3,2@b2"); err != nil {
		t.Fatal(err)
	}
	for _, color := range []bool{false, true} {
		name := map[bool]string{false: "last", true: "last_color"}[color]
		gametest.Golden(t, filepath.Join("testdata", name+".golden"), s.DrawLast(color, 1), *update)
	}
}
