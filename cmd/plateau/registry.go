package main

import "github.com/plateau-games/plateau/game"

// registry lists the games this binary offers, in display order. Games
// are wired here explicitly; nothing registers itself.
func registry() *game.Registry {
	return game.NewRegistry()
}
