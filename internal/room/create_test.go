package room

import (
	"errors"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// TestCheckSeats: the creation request's seats, refused or defaulted.
func TestCheckSeats(t *testing.T) {
	one := 1
	for _, c := range []struct {
		name   string
		req    api.CreateRequest
		wantMe int
		ok     bool
	}{
		{"human and AI", api.CreateRequest{Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.AI}}}, 0, true},
		{"me names the second", api.CreateRequest{Me: &one, Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}}, 1, true},
		{"one seat", api.CreateRequest{Seats: []api.SeatRequest{{Kind: store.Human}}}, 0, false},
		{"a human with a level", api.CreateRequest{Seats: []api.SeatRequest{{Kind: store.Human, Level: 3}, {Kind: store.AI}}}, 0, false},
		{"an AI above the top", api.CreateRequest{Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.AI, Level: 99}}}, 0, false},
		{"rated against the AI", api.CreateRequest{Rated: true, Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.AI}}}, 0, false},
	} {
		me, err := CheckSeats(&c.req)
		if c.ok && (err != nil || me != c.wantMe) {
			t.Errorf("%s: got me %d, %v; want %d, nil", c.name, me, err, c.wantMe)
		}
		if !c.ok && !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: got %v, want a malformed request", c.name, err)
		}
	}
}

// TestStartGame: a game between two players is stored with both seated
// and held here; one player twice, or an unknown game, is refused and
// stores nothing.
func TestStartGame(t *testing.T) {
	hb, _, st := newTestHub(t)
	g, err := hb.StartGame(t.Context(), NewGame{Game: "tictactoe", Players: [2]string{"ann", "bea"}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := st.Load(t.Context(), g.ID)
	if err != nil || got.Seats[0].Player != "ann" || got.Seats[1].Player != "bea" || len(got.Seats[0].TokenHash) != 0 {
		t.Errorf("stored: got %+v, %v; want ann and bea seated without tokens", got.Seats, err)
	}
	if _, ok := hb.Held(g.ID); !ok {
		t.Errorf("game %s not held here after StartGame", g.ID)
	}
	for _, bad := range []NewGame{
		{Game: "tictactoe", Players: [2]string{"ann", "ann"}},
		{Game: "tictactoe", Players: [2]string{"ann", ""}},
		{Game: "nosuchgame", Players: [2]string{"ann", "bea"}},
	} {
		if g, err := hb.StartGame(t.Context(), bad); !errors.Is(err, ErrMalformed) || g.ID != "" {
			t.Errorf("StartGame(%+v): got %q, %v; want a malformed request", bad, g.ID, err)
		}
	}
}

// TestCreateGivesTokens: a seat that no owner takes gets a token, whose
// hash is what is stored.
func TestCreateGivesTokens(t *testing.T) {
	hb, _, st := newTestHub(t)
	req := api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}}
	c, err := hb.Create(t.Context(), &req, [2]string{"ann", ""})
	if err != nil {
		t.Fatal(err)
	}
	got, err := st.Load(t.Context(), c.Game.ID)
	if err != nil || c.Tokens[0] != "" || c.Tokens[1] == "" || len(got.Seats[1].TokenHash) == 0 || len(c.View) == 0 {
		t.Errorf("got tokens %q, stored %+v, view %d bytes, %v; want a token for the second seat only", c.Tokens, got.Seats, len(c.View), err)
	}
}
