package aipool_test

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/internal/room/aipool"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// RandomMover, the stand-in AI, always answers a legal move.
func ExampleRandomMover() {
	st := &tictactoe.State{}
	m, err := aipool.RandomMover{}.Move(context.Background(), "tictactoe", st.Clone(), 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	legal := false
	for _, l := range st.Moves(nil) {
		legal = legal || l == m
	}
	fmt.Println("legal:", legal)
	// Output: legal: true
}
