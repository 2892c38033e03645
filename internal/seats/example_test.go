package seats_test

import (
	"fmt"

	"github.com/plateau-games/plateau/internal/seats"
)

// A friend accepts an invite; a third player who opens the same link
// afterwards is told the seat was taken.
func Example() {
	invite, hash := seats.NewToken()
	game := [2]seats.Seat{{Human: true, Player: "alice"}, {Human: true, TokenHash: hash}}
	changes, mine, err := seats.Claim(game, "bob", []string{invite})
	fmt.Println(len(changes), mine, err)
	game[1].Player = "bob" // the change written
	_, _, err = seats.Claim(game, "carol", []string{invite})
	fmt.Println(err)
	// Output:
	// 1 [1] <nil>
	// seats: seat 1 was taken by another player
}
