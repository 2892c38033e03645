package server_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
)

// TestRatedCreate: only a game between two people on their own devices
// may be rated; the view and the list say that it is.
func TestRatedCreate(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	invite := api.CreateRequest{Game: "tictactoe", Rated: true, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}
	c := e.create(invite)
	if !c.View.Rated {
		t.Errorf("got an unrated view for a rated game")
	}
	if v := e.view(c.ID); !v.Rated {
		t.Errorf("got an unrated view from GET")
	}
	var list api.GameList
	e.call("GET", "/api/games", nil, &list)
	if len(list.Games) != 1 || !list.Games[0].Rated {
		t.Errorf("got list %+v, want the rated game", list.Games)
	}
	if c := e.create(humans()); c.View.Rated {
		t.Errorf("got a rated view for a casual game")
	}
	local := humans()
	local.Rated = true
	ai := vsAI(3)
	ai.Rated = true
	for _, tc := range []struct {
		name string
		req  api.CreateRequest
	}{{"hot seat", local}, {"against the AI", ai}} {
		var eb errorBody
		if st := e.call("POST", "/api/games", tc.req, &eb); st != http.StatusBadRequest {
			t.Errorf("%s, rated: got %d (%s), want 400", tc.name, st, eb.Error)
		}
	}
}

// TestCatalogRatings: the catalog places every option combination's AI
// levels on the rating scale and lists the rating pools.
func TestCatalogRatings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) { c.Registry = games.Registry() })
	var cat api.Catalog
	if st := e.call("GET", "/api/catalog", nil, &cat); st != 200 {
		t.Fatalf("got status %d", st)
	}
	for _, g := range cat.Games {
		if len(g.LevelRatings) != len(g.Starts) {
			t.Errorf("%s: got level ratings for %d ids, want %d", g.Name, len(g.LevelRatings), len(g.Starts))
		}
		for id, got := range g.LevelRatings {
			want, err := ai.LevelRatings(id)
			if err != nil || len(got) != len(want) {
				t.Fatalf("%s: got %v, want %v (%v)", id, got, want, err)
			}
			for i := range want {
				if float64(got[i]) != want[i] {
					t.Errorf("%s level %d: got %d, want %v", id, i+1, got[i], want[i])
				}
			}
		}
	}
	oxford := cat.Games[slices.IndexFunc(cat.Games, func(g api.CatalogGame) bool { return g.Name == "oxford" })]
	if p := oxford.RatingPools; len(p) != 2 || p[0].Group != "oxford" || p[1].Group != "oxford:variant=beginner" || p[1].Label["en"] == "" {
		t.Errorf("got oxford's pools %+v, want standard then beginner, labelled", p)
	}
}
