package yoxii

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 400
	if testing.Short() {
		playouts = 60
	}
	gametest.Run(t, Game(), gametest.Config{Playouts: playouts, Seed: 2})
}

func TestPerftFile(t *testing.T) {
	t.Parallel()
	gametest.RunPerftFile(t, game.NewRegistry(Game()), "testdata/yoxii.perft", 10_000_000)
}
