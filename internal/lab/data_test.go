package lab

import (
	"bytes"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
)

// TestDataEveryGame: every game of the registry has published data,
// for each of its option combinations at levels 2, 5 and 8, and a game
// without the file has none.
func TestDataEveryGame(t *testing.T) {
	t.Parallel()
	for _, g := range games.Registry().Games() {
		b, ok := Data(g)
		if !ok {
			t.Errorf("%s: no data", g.Name)
			continue
		}
		f, err := ReadFile(bytes.NewReader(b))
		if err != nil || f.Game != g.Name {
			t.Errorf("%s: got game %q, error %v", g.Name, f.Game, err)
			continue
		}
		have := map[string]bool{}
		for _, r := range f.Runs {
			if r.Games > 0 {
				have[r.ID+" "+string(rune('0'+r.Level))] = true
			}
		}
		for _, id := range g.IDs() {
			for _, level := range []int{2, 5, 8} {
				if !have[id+" "+string(rune('0'+level))] {
					t.Errorf("%s: no self-play at level %d", id, level)
				}
			}
		}
	}
	for _, data := range []fs.FS{nil, fstest.MapFS{}, fstest.MapFS{"lessons.json": {Data: []byte("{}")}}} {
		if _, ok := Data(game.Game{Name: "nope", Data: data}); ok {
			t.Errorf("Data(a game with data %v): got data, want none", data)
		}
	}
}
