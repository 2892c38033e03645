package seatapi_test

import (
	"fmt"

	"github.com/plateau-games/plateau/internal/seats/seatapi"
	"github.com/plateau-games/plateau/internal/store"
)

// A player's results count by game, whatever its options, from the seat
// they held: a first-seat win is theirs only in the first seat.
func ExampleResults() {
	counts := []store.ResultCount{
		{Game: "abraxas:board=2", Seat: 0, Result: "first", Count: 2},
		{Game: "abraxas", Seat: 1, Result: "first", Count: 1},
		{Game: "oshi", Seat: 1, Result: "draw", Count: 3},
	}
	title := func(game string) string { return "The game of " + game }
	for _, r := range seatapi.Results(counts, title) {
		fmt.Printf("%s (%s): %d won, %d lost, %d drawn\n", r.Game, r.Title, r.Wins, r.Losses, r.Draws)
	}
	// Output:
	// abraxas (The game of abraxas): 2 won, 1 lost, 0 drawn
	// oshi (The game of oshi): 0 won, 0 lost, 3 drawn
}
