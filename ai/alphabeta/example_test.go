package alphabeta_test

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/alphabeta"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// O to move cannot stop both of x's threats: the search sees the loss.
func Example() {
	s, _ := tictactoe.Parse("X1X/O2/1OX o")
	a := alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 9}})
	_, info, _ := a.Choose(context.Background(), s, nil)
	n, proven := info.MateIn()
	fmt.Println(n, proven)
	// Output: -2 true
}
