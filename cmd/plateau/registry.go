package main

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
)

// registry returns the games this binary offers: the one list of package
// games. Nothing registers itself.
func registry() *game.Registry {
	return games.Registry()
}
