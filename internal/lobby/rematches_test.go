package lobby

import (
	"errors"
	"testing"

	"github.com/plateau-games/plateau/internal/store"
)

// TestRematchFor: a rematch is of a finished game between two people,
// not one person at both seats; it swaps the colours and keeps the game,
// its start and whether it was rated.
func TestRematchFor(t *testing.T) {
	t.Parallel()
	human := func(p string) store.Seat { return store.Seat{Kind: store.Human, Player: p} }
	g := store.Game{Game: "oxford", Start: "start", Rated: true, Seats: [2]store.Seat{human("ann"), human("bob")}}
	req, owners, err := RematchFor(g, true)
	if err != nil || owners != [2]string{"bob", "ann"} || req.Game != "oxford" || req.Position != "start" || !req.Rated {
		t.Errorf("finished game: %+v %v %v", req, owners, err)
	}
	ai := g
	ai.Seats[1] = store.Seat{Kind: store.AI}
	alone := g
	alone.Seats[1] = human("ann")
	for name, tc := range map[string]struct {
		g    store.Game
		over bool
	}{"running": {g, false}, "against the AI": {ai, true}, "one player at both seats": {alone, true}} {
		if _, _, err := RematchFor(tc.g, tc.over); !errors.Is(err, ErrNoRematch) {
			t.Errorf("%s: got %v, want ErrNoRematch", name, err)
		}
	}
}
