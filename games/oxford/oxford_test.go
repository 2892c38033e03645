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
		}}},
		{"beginner", gametest.Config{Options: game.Options{"variant": "beginner"}, Playouts: playouts, Seed: 2}},
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
