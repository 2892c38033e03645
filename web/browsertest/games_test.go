package browsertest

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/abraxas"
	"github.com/plateau-games/plateau/games/oshi"
	"github.com/plateau-games/plateau/games/oxford"
	"github.com/plateau-games/plateau/games/yoxii"
)

// registry wires the games the browser tests play, as cmd/plateau does.
func registry() *game.Registry {
	return game.NewRegistry(oxford.Game(), oshi.Game(), yoxii.Game(), abraxas.Game())
}
