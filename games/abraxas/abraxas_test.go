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
		{"replay": "once"}, {"board": "2", "push": "free", "replay": "once"},
	} {
		t.Run(game.ID{Name: "abraxas", Options: opts}.String(), func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, Game(), gametest.Config{Options: opts, Playouts: playouts, Seed: 3})
		})
	}
}

func TestPerftFile(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"abraxas.perft", "replay-once.perft"} {
		gametest.RunPerftFile(t, game.NewRegistry(Game()), "testdata/"+file, 100_000)
	}
}
