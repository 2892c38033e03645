package puzzles_test

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// Mining plays AI games and keeps the positions where exactly one move
// forces a win; each puzzle is proved again by Verify.
func Example() {
	reg := game.NewRegistry(tictactoe.Game())
	ps, err := puzzles.Mine(context.Background(), reg, puzzles.MineConfig{
		Game: "tictactoe", Count: 1, Levels: []string{"random"}, Seed: 1,
		Back: 4, MaxPlies: 1, MaxGame: 20,
	})
	if err != nil {
		panic(err)
	}
	p := ps[0]
	fmt.Println(puzzles.Verify(reg, nil, p), p.Plies, p.Tags)
	// Output:
	// <nil> 1 [in-1 ends score]
}
