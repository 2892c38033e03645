package lab_test

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/lab"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// Tic-tac-toe played perfectly is always a draw of nine plies.
func Example() {
	perfect := func(seed uint64) (ai.Agent, error) {
		return agent.New(ai.Spec{Algo: ai.AlgoAlphaBeta, Limits: ai.Limits{Depth: 9}}, seed)
	}
	games, err := lab.Run(context.Background(), lab.Config{
		Reg: game.NewRegistry(tictactoe.Game()), GameID: "tictactoe",
		Player: perfect, Games: 10, Seed: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	st := lab.Summarize(games)
	fmt.Printf("draws %.0f%% [%.1f%%, %.0f%%], %.0f plies\n", 100*st.Draws.Rate, 100*st.Draws.Lo, 100*st.Draws.Hi, st.Length.Mean)
	// Output: draws 100% [72.2%, 100%], 9 plies
}
