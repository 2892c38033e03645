package oxford_test

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/oxford"
)

func Example() {
	reg := game.NewRegistry(oxford.Game())
	s, err := reg.New("oxford", "")
	if err != nil {
		panic(err)
	}
	fmt.Println(s)
	fmt.Println(len(s.Moves(nil)), "moves, perft 3 =", game.Perft(s, 3))
	if _, err := game.PlayChecked(s, "c2c5"); err != nil {
		panic(err)
	}
	fmt.Println(s, s.Result())
	// Output:
	// oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO r
	// 24 moves, perft 3 = 15440
	// oxoxox/xoxoxo/6/2X3/6/6/OX1XOX/XOXOXO y ongoing
}
