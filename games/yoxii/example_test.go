package yoxii_test

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/yoxii"
)

func Example() {
	s := yoxii.New()
	fmt.Println(len(s.Moves(nil)), "moves from", s)
	if _, err := game.PlayChecked(s, "d5,3@d4"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(s, s.Scores())
	_, err := game.PlayChecked(s, "d7,1@d6")
	fmt.Println(err)
	// Output:
	// 256 moves from 3/5/7/3T3/7/5/3 w
	// 3/5/3T3/3Y3/7/5/3 r [3 0]
	// game: illegal move "d7,1@d6" in 3/5/3T3/3Y3/7/5/3 r
}
