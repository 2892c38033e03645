//go:build fifthgame

package games

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/abraxas"
	"github.com/plateau-games/plateau/games/oshi"
	"github.com/plateau-games/plateau/games/oxford"
	"github.com/plateau-games/plateau/games/yoxii"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// Registry is games.go's with one line added, tic-tac-toe
// (internal/tictactoe) as a fifth game: built with -tags fifthgame, the
// repository's tests run with a game that nothing else knows of, which
// TestAddAGame does to list what adding a game takes besides its folder
// and this line (DEVELOPERS.md, "Adding a game").
func Registry() *game.Registry {
	return game.NewRegistry(
		oxford.Game(),
		oshi.Game(),
		yoxii.Game(),
		abraxas.Game(),
		tictactoe.Game(),
	)
}
