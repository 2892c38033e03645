package catalog_test

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/catalog"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// The catalog of a server offering tic-tac-toe.
func Example() {
	c := catalog.Build(catalog.Config{Registry: game.NewRegistry(tictactoe.Game()), AI: "plateau"})
	g := c.Games[0]
	fmt.Println(g.Name, g.Start, len(g.LevelAbout) == c.Levels.Max-c.Levels.Min+1)
	// Output: tictactoe 3/3/3 x true
}
