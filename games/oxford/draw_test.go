package oxford

import (
	"flag"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the drawing tests")

func TestDraw(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, variant, pos string
		color              bool
	}{
		{"start", "standard", StartStandard, false},
		{"start_color", "standard", StartStandard, true},
		{"beginner", "beginner", StartBeginner, false},
		{"entry", "standard", "3x2/2O3/ox4/6/6/X3O1/6/XO4 y", false},
		{"finished", "standard", "6/5o/6/6/2O3/6/O3O1/6 y", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(tc.variant, tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			got := s.Draw(tc.color)
			path := filepath.Join("testdata", "draw_"+tc.name+".golden")
			gametest.Golden(t, path, got, *update)
		})
	}
}

// TestDrawLast marks the squares of the last move, with and without
// colour, and nothing for no move.
func TestDrawLast(t *testing.T) {
	t.Parallel()
	s, err := Parse("standard", StartStandard)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.DrawLast(false, 0), s.Draw(false); got != want {
		t.Errorf("DrawLast of no move: got\n%s\nwant the plain drawing\n%s", got, want)
	}
	if _, err := game.PlayChecked(s, "d2d5"); err != nil {
		t.Fatal(err)
	}
	for _, color := range []bool{false, true} {
		name := map[bool]string{false: "draw_last", true: "draw_last_color"}[color]
		gametest.Golden(t, filepath.Join("testdata", name+".golden"), s.DrawLast(color, 1), *update)
	}
}
