package games

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/abraxas"
	"github.com/plateau-games/plateau/games/oshi"
	"github.com/plateau-games/plateau/games/oxford"
	"github.com/plateau-games/plateau/games/yoxii"
)

// Registry returns a new registry of the games, in display order.
func Registry() *game.Registry {
	return game.NewRegistry(
		oxford.Game(),
		oshi.Game(),
		yoxii.Game(),
		abraxas.Game(),
	)
}
