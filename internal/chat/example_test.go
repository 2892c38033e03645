package chat_test

import (
	"fmt"

	"github.com/plateau-games/plateau/internal/chat"
)

// A spectator writes: the text is cleaned, and only spectators read it
// until the game ends.
func Example() {
	text, err := chat.Clean("  nice move!\n")
	if err != nil {
		panic(err)
	}
	ch := chat.ChannelOf(-1)
	fmt.Printf("%q in the %s' chat\n", text, ch)
	fmt.Println("a player reads it during the game:", chat.CanRead(ch, 0, false))
	fmt.Println("a player reads it after the game:", chat.CanRead(ch, 0, true))
	// Output:
	// "nice move!" in the spectators' chat
	// a player reads it during the game: false
	// a player reads it after the game: true
}
