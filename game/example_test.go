package game_test

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// The command wires its games into a registry; everything else goes
// through game ids, position strings and move strings.
func Example() {
	reg := game.NewRegistry(tictactoe.Game())
	s, err := reg.New("tictactoe", "")
	if err != nil {
		panic(err)
	}
	for _, mv := range []string{"b2", "a1", "c3", "c1", "a3", "b1"} {
		if _, err := game.PlayChecked(s, mv); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(s, s.Result(), s.Reason())
	_, err = game.PlayChecked(s, "a2")
	fmt.Println(err)
	start, _ := reg.New("tictactoe", "")
	fmt.Println("perft 2 from the start:", game.Perft(start, 2))
	// Output:
	// X1X/1X1/OOO x second three in a row
	// game: move "a2": game is over (second)
	// perft 2 from the start: 72
}
