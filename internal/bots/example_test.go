package bots_test

import (
	"fmt"

	"github.com/plateau-games/plateau/internal/bots"
)

// A rated game with a bot in it counts in the bots' pool of its game,
// never in the people's.
func ExamplePool() {
	fmt.Println(bots.Pool("oxford:variant=beginner"))
	// Output: bot:oxford:variant=beginner
}
