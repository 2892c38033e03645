package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// A game is created, then changed by compare-and-set on its version: a
// second writer that read the same version is refused.
func Example() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(dir, "plateau.db"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	now := time.Now()
	g := store.Game{ID: "g1", Game: "tictactoe", Start: "3/3/3 x", Result: store.Ongoing, DrawOffer: store.NoOffer,
		Seats:   [2]store.Seat{{Kind: store.Human}, {Kind: store.AI, Level: 2}},
		Version: 1, CreatedAt: now, UpdatedAt: now}
	_ = s.Create(ctx, g)
	u := store.Update{ID: "g1", Version: 1, Append: []store.Move{{Text: "b2", Player: 0}}, Result: store.Ongoing, DrawOffer: store.NoOffer, At: now}
	fmt.Println(s.Update(ctx, u))
	fmt.Println(s.Update(ctx, u))
	g, _ = s.Load(ctx, "g1")
	fmt.Println(g.Moves, g.Version)
	// Output:
	// <nil>
	// store: game changed concurrently: "g1"
	// [{b2 0}] 2
}
