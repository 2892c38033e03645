package tictactoe_test

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func Example() {
	s, _ := tictactoe.Parse("XX1/OO1/3 x")
	if _, err := game.PlayChecked(s, "c3"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(s, s.Result(), s.Reason())
	// Output: XXX/OO1/3 o first three in a row
}
