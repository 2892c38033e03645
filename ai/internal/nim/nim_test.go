package nim_test

import (
	"testing"

	"github.com/plateau-games/plateau/ai/internal/nim"
	"github.com/plateau-games/plateau/game/gametest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	gametest.Run(t, nim.Game(), gametest.Config{Positions: []string{"7 2", "0 1"}, Playouts: 50})
}
