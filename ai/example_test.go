package ai_test

import (
	"fmt"

	"github.com/plateau-games/plateau/ai"
)

// Specs are text on the command line and data in the program.
func Example() {
	sp, err := ai.ParseSpec("mcts:time=100ms,cutoff=8", "oshi")
	fmt.Println(sp.Algo, sp.Limits.Time, sp.Cutoff, err)
	_, err = ai.ParseSpec("mcts:time=soon", "oshi")
	fmt.Println(err)
	lvl, _ := ai.Level("oshi", 1)
	fmt.Println(lvl, lvl.Noise > 0)
	// Output:
	// mcts 100ms 8 <nil>
	// ai: bad agent spec "mcts:time=soon": time "soon": want a positive duration such as 100ms or 2s
	// level:1 true
}
