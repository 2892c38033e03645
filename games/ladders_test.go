package games_test

import (
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/games"
)

// TestEveryGameHasALadder checks that every game of the registry has an
// entry in the AI's table of ladders (ai/ladders.go), measured or listed
// as unmeasured: a new or renamed game would otherwise take the guessed
// ladder silently.
func TestEveryGameHasALadder(t *testing.T) {
	t.Parallel()
	names := games.Registry().Names()
	if len(names) == 0 {
		t.Fatal("the registry has no game: nothing checked")
	}
	for _, name := range names {
		if _, listed := ai.Ladder(name); !listed {
			t.Errorf("%s: no entry in ai/ladders.go's table: measure its ladder (docs/strength.md) or list it as unmeasured", name)
		}
	}
	if measured, listed := ai.Ladder("no such game"); measured || listed {
		t.Errorf(`Ladder("no such game") = %v, %v; want false, false`, measured, listed)
	}
}
