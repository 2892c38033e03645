package oshi

import (
	"flag"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestDraw(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, pos string
		color     bool
	}{
		{"start", StartPosition, false},
		{"start_color", StartPosition, true},
		{"impasse", "t7t/9/9/4d4/4T4/9/9/9/T7D w 6-6 e6e5", false},
		{"won", "8t/9/9/9/D2d5/9/9/9/8T w 9-9 -", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := mustParse(t, tc.pos).Draw(tc.color)
			path := filepath.Join("testdata", "draw_"+tc.name+".golden")
			gametest.Golden(t, path, got, *update)
			if !tc.color && strings.Contains(got, "\x1b") {
				t.Errorf("drawing without colour holds escape codes")
			}
		})
	}
}

// TestDrawLast marks the squares of the last move, with and without
// colour, and nothing for no move.
func TestDrawLast(t *testing.T) {
	t.Parallel()
	s := mustParse(t, StartPosition)
	if got, want := s.DrawLast(false, 0), s.Draw(false); got != want {
		t.Errorf("DrawLast of no move: got\n%s\nwant the plain drawing\n%s", got, want)
	}
	if _, err := game.PlayChecked(s, "e3e4"); err != nil {
		t.Fatal(err)
	}
	for _, color := range []bool{false, true} {
		name := map[bool]string{false: "last", true: "last_color"}[color]
		gametest.Golden(t, filepath.Join("testdata", name+".golden"), s.DrawLast(color, 1), *update)
	}
}
