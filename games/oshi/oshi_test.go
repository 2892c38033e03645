package oshi

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 60
	if testing.Short() {
		playouts = 15
	}
	gametest.Run(t, Game(), gametest.Config{Playouts: playouts, Seed: 7, Positions: conformancePositions})
}

// conformancePositions are extra starts for the conformance suite: an
// impasse, a near win for both, a crowded edge.
var conformancePositions = []string{
	"t7t/2dsssd2/9/4s4/4S4/9/9/2DSSSD2/T7T w 0-0 e6e5",
}

func TestPerftFile(t *testing.T) {
	t.Parallel()
	gametest.RunPerftFile(t, game.NewRegistry(Game()), "testdata/oshi.perft", 50_000)
}
