//go:build !fifthgame

package games

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/abraxas"
	"github.com/plateau-games/plateau/games/oshi"
	"github.com/plateau-games/plateau/games/oxford"
	"github.com/plateau-games/plateau/games/yoxii"
)

// Registry returns a new registry of the games, in display order. A new
// game is one line here (DEVELOPERS.md, "Adding a game"); fifth.go is
// this file with such a line, for the test that shows it.
func Registry() *game.Registry {
	return game.NewRegistry(
		oxford.Game(),
		oshi.Game(),
		yoxii.Game(),
		abraxas.Game(),
	)
}
