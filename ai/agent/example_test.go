package agent_test

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func Example() {
	a, sp, err := agent.Parse("ab:depth=4", "tictactoe", 1)
	if err != nil {
		panic(err)
	}
	s, _ := tictactoe.Parse("XX1/O2/3 o")
	m, _, _ := a.Choose(context.Background(), s, nil)
	fmt.Println(sp, s.FormatMove(m))
	// Output: ab:depth=4 c3
}
