package main

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/abraxas"
	"github.com/plateau-games/plateau/games/oshi"
	"github.com/plateau-games/plateau/games/oxford"
	"github.com/plateau-games/plateau/games/yoxii"
)

// registry lists the games this binary offers, in display order. Games
// are wired here explicitly; nothing registers itself.
func registry() *game.Registry {
	return game.NewRegistry(oxford.Game(), oshi.Game(), yoxii.Game(), abraxas.Game())
}
