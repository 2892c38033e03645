package record_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func Example() {
	err := record.Write(os.Stdout, record.Record{ID: "7", Game: "tictactoe", Start: "3/3/3 x",
		Moves: []string{"b2", "a1"}, Result: "ongoing", First: "level:3", Second: "alice"})
	if err != nil {
		fmt.Println(err)
	}
	recs, _ := record.Read(strings.NewReader(`{"id":"1","game":"tictactoe","start":"XX1/OO1/3 x","moves":["c3"],"result":"first"}`))
	s, err := record.Play(game.NewRegistry(tictactoe.Game()), recs[0])
	fmt.Println(s, err)
	// Output:
	// {"id":"7","game":"tictactoe","start":"3/3/3 x","moves":["b2","a1"],"result":"ongoing","first":"level:3","second":"alice"}
	// XXX/OO1/3 o <nil>
}
