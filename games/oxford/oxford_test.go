package oxford

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 1000
	if testing.Short() {
		playouts = 100
	}
	for _, tc := range []struct {
		name string
		cfg  gametest.Config
	}{
		{"standard", gametest.Config{Playouts: playouts, Seed: 1, Positions: []string{
			"6/2xo2/1o4/3X2/2O3/6/6/XO4 r",
			"xo4/6/3x2/2xO2/3o2/1O4/1X4/XO2OX y",
			"3x2/2O3/ox4/6/6/X3O1/6/XO4 r",     // base entries
			"o4x/OXXXX1/5X/6/6/2ox2/6/XOXO2 r", // entries, six in play
		}}},
		{"beginner", gametest.Config{Options: game.Options{"variant": "beginner"}, Playouts: playouts, Seed: 2, Positions: []string{
			"6/X4O/4O1/6/6/6/o1x1ox/6 y",  // yellow passes while red shuffles
			"6/OXOXOX/6/6/6/6/xoxoxo/6 r", // two passes
		}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, Game(), tc.cfg)
		})
	}
}

func TestPerftFile(t *testing.T) {
	t.Parallel()
	gametest.RunPerftFile(t, game.NewRegistry(Game()), "testdata/oxford.perft", 20000)
}
