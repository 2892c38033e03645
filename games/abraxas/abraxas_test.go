package abraxas

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 30
	if testing.Short() {
		playouts = 3
	}
	for _, opts := range []game.Options{
		{}, {"board": "2"}, {"board": "3"}, {"board": "4"}, {"board": "5"}, {"board": "6"},
		{"push": "free"}, {"board": "6", "push": "free"},
	} {
		t.Run(game.ID{Name: "abraxas", Options: opts}.String(), func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, Game(), gametest.Config{Options: opts, Playouts: playouts, Seed: 3})
		})
	}
}

func TestPerftFile(t *testing.T) {
	t.Parallel()
	gametest.RunPerftFile(t, game.NewRegistry(Game()), "testdata/abraxas.perft", 100_000)
}
