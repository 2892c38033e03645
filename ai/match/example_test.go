package match_test

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/ai/match"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// Perfect play against itself draws every game of tic-tac-toe.
func Example() {
	strong := match.Player{Name: "ab", New: func(seed uint64) (ai.Agent, error) {
		return agent.New(ai.Spec{Algo: ai.AlgoAlphaBeta, Limits: ai.Limits{Depth: 9}}, seed)
	}}
	sum, err := match.Run(context.Background(), match.Config{
		Reg: game.NewRegistry(tictactoe.Game()), GameID: "tictactoe",
		A: strong, B: strong, Games: 4, Concurrency: 1,
	})
	d, _, _ := sum.Elo()
	fmt.Println(sum.Wins, sum.Draws, sum.Losses, d, err)
	// Output: 0 4 0 0 <nil>
}
