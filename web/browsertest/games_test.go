package browsertest

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
)

// registry returns the games the browser tests play: the one list that
// cmd/plateau serves.
func registry() *game.Registry {
	return games.Registry()
}
