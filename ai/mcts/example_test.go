package mcts_test

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/mcts"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// A searcher under an iteration limit is reproducible; here it proves
// that x wins at once.
func Example() {
	s, _ := tictactoe.Parse("XX1/OO1/3 x")
	a := mcts.New(mcts.Config{Limits: ai.Limits{Nodes: 1000}, Seed: 1})
	m, info, _ := a.Choose(context.Background(), s, nil)
	fmt.Println(s.FormatMove(m), info.Proven, info.WinProb)
	// Output: c3 true 1
}
