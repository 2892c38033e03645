package lab

import (
	"bytes"
	"testing"

	"github.com/plateau-games/plateau/games"
)

// TestDataEveryGame: every game of the registry has published data,
// for each of its option combinations at levels 2, 5 and 8, and names
// outside the data directory are refused.
func TestDataEveryGame(t *testing.T) {
	t.Parallel()
	for _, g := range games.Registry().Games() {
		b, ok := Data(g.Name)
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
	for _, name := range []string{"", "..", "../doc", "nope"} {
		if _, ok := Data(name); ok {
			t.Errorf("Data(%q): got data, want none", name)
		}
	}
}
