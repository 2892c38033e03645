package gametest_test

import (
	"fmt"

	"github.com/plateau-games/plateau/game/gametest"
)

// A perft file lists positions and their expected counts; a game's test
// reads it with RunPerftFile.
func ExampleReadPerftFile() {
	cases, err := gametest.ReadPerftFile("testdata/example.perft")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range cases {
		fmt.Printf("%s: %s %q, %d counts\n", c.Name, c.ID, c.Position, len(c.Counts))
	}
	// Output:
	// start: tictactoe "", 3 counts
	// x to win: tictactoe "XX1/OO1/3 x", 1 counts
}
