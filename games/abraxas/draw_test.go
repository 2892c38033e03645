package abraxas

import (
	"flag"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
	"math/rand/v2"
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

// TestDrawLast finds, in a seeded random game, a turn of several moves by
// one player that pushes the plate, and marks all of it: the pawns the
// turn placed and took, where they are after the pushes.
func TestDrawLast(t *testing.T) {
	t.Parallel()
	s := newState(t, "abraxas", "").(*State)
	if got, want := s.DrawLast(false, 0), s.Draw(false); got != want {
		t.Errorf("DrawLast of no move: got\n%s\nwant the plain drawing\n%s", got, want)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	run, last := 0, game.Player(-1)
	var played []string
	for ply := 0; ply < 400 && s.Result() == game.Ongoing; ply++ {
		moves := game.MoveStrings(s)
		p := s.ToAct()
		mv := moves[rng.IntN(len(moves))]
		if _, err := game.PlayChecked(s, mv); err != nil {
			t.Fatal(err)
		}
		played = append(played, mv)
		if p == last {
			run++
		} else {
			run, last = 1, p
		}
		if run >= 2 && s.ToAct() != p && s.undo[len(s.undo)-run].corner != s.p.corner && s.undo[len(s.undo)-run].corner != noCorner {
			break
		}
	}
	if run < 2 {
		t.Fatalf("no turn of several moves found")
	}
	t.Logf("marked turn %v, ending in %s", played[len(played)-run:], s)
	for _, color := range []bool{false, true} {
		name := map[bool]string{false: "last", true: "last-color"}[color]
		gametest.Golden(t, filepath.Join("testdata", name+".golden"), s.DrawLast(color, run), *update)
	}
}
