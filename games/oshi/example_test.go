package oshi_test

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/oshi"
)

// A three-tier piece slides two squares and pushes a line of three
// pieces of both colours; the white pieces it pushed may not step back
// onto the squares they left.
func Example() {
	s, err := game.NewRegistry(oshi.Game()).New("oshi", "8t/9/9/9/TtDd5/9/9/9/8T r 6-6 -")
	if err != nil {
		panic(err)
	}
	fmt.Println(len(s.Moves(nil)), "moves")
	if _, err := game.PlayChecked(s, "a5c5"); err != nil {
		panic(err)
	}
	fmt.Println(s)
	fmt.Println(s.Result())
	// Output:
	// 23 moves
	// 8t/9/9/9/2TtDd3/9/9/9/8T w 6-6 d5b5,f5d5
	// ongoing
}
