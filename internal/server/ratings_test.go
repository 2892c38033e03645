package server_test

import (
	"net/http"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
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
