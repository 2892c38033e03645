package players_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/plateau-games/plateau/internal/players"
)

func Example() {
	// The server's middleware attaches the requester to the context...
	ctx := players.NewContext(context.Background(), players.Player{ID: "p1", Name: "Vega 4821", Guest: true})
	// ...and a handler reads it back.
	if p, ok := players.FromContext(ctx); ok {
		fmt.Println(p.Name, p.Guest)
	}
	// Names are checked before they are stored.
	name, err := players.DisplayName("  Ada   Lovelace ")
	fmt.Printf("%q %v\n", name, err)
	_, err = players.DisplayName("A.I. L3vel 5")
	fmt.Println(errors.Is(err, players.ErrReservedName), players.Code(err))
	// Output:
	// Vega 4821 true
	// "Ada Lovelace" <nil>
	// true name_reserved
}
