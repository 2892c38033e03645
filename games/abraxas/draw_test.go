package abraxas

import (
	"flag"
	"github.com/plateau-games/plateau/game/gametest"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of Draw")

func TestDraw(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, id, pos string }{
		{"start", "abraxas", ""},
		{"take", "abraxas", "9/9/9/9/1R1RR4/9/9/9/9 1 bl 1 take 0-0 3-3 -"},
		{"stop", "abraxas:board=6,push=free", "9/9/9/9/9/9/9/1BBB1BR2/9 6 tr 2 play 0-0 2-0 n"},
		{"after-stop", "abraxas", "9/9/9/9/5R3/9/9/1B7/9 1 br 2 take 1-0 3-2 s"},
		{"won", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 take 11-5 3-3 -"},
	} {
		for _, color := range []bool{false, true} {
			name := tc.name
			if color {
				name += "-color"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				got := newState(t, tc.id, tc.pos).(*State).Draw(color)
				path := filepath.Join("testdata", name+".golden")
				gametest.Golden(t, path, got, *update)
			})
		}
	}
}
