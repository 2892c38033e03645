package share_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/share"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// oneGame is a store holding one game.
type oneGame store.Game

func (g oneGame) Load(_ context.Context, id string) (store.Game, error) {
	if id != g.ID {
		return store.Game{}, fmt.Errorf("%w: %q", store.ErrNotFound, id)
	}
	return store.Game(g), nil
}

func Example() {
	ctx := context.Background()
	sv := share.New(share.Config{
		Registry: game.NewRegistry(tictactoe.Game()),
		Store: oneGame{ID: "g1", Game: "tictactoe", Result: "ongoing", Moves: []store.Move{{Text: "b2"}},
			Seats: [2]store.Seat{{Kind: store.Human, Player: "p1"}, {Kind: store.AI, Level: 3}}},
		Names: func(context.Context, [2]store.Seat) [2]*api.PlayerRef {
			return [2]*api.PlayerRef{{ID: "p1", Name: "Ada"}}
		},
	})
	q := share.Query{ID: "g1", Lang: "fr", Base: "https://play.example", Path: "/game/g1"}
	a, _ := sv.GamePreview(ctx, q)
	for line := range strings.Lines(string(a.Body)) {
		if strings.Contains(line, "og:title") {
			fmt.Print(line)
		}
	}
	q.ID = "nosuch"
	a, _ = sv.GamePreview(ctx, q)
	fmt.Println("missing:", a.Missing)
	_, err := sv.Position(ctx, share.Query{Values: url.Values{"game": {"tictactoe"}, "w": {"5"}}})
	fmt.Println(err)
	// Output:
	// <meta property="og:title" content="Tic-tac-toe : Ada contre niveau 3, coup 1">
	// missing: true
	// share: the image size must be 32 to 2000 pixels each way, not "5"
}
