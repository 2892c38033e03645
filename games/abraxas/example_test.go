package abraxas_test

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/abraxas"
)

// On board 1 a first pawn on e5 scores at once: pushed to f5 it
// completes f5-i5 with the dots g5, h5 and i5.
func Example() {
	s, _ := game.NewRegistry(abraxas.Game()).New("abraxas", "")
	for _, m := range []string{"@bl", "e5@br"} {
		if _, err := game.PlayChecked(s, m); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(s)
	fmt.Println(game.MoveStrings(s))
	if _, err := game.PlayChecked(s, "xf5"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(s, s.Scores())
	// Output:
	// 9/9/9/9/5R3/9/9/9/9 1 br 1 take 0-0 3-3 -
	// [xf5]
	// 9/9/9/9/9/9/9/9/9 1 br 2 interrupt 1-0 3-3 - [1 0]
}
