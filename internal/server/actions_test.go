package server

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// newTestGame serves a new hot-seat tic-tac-toe game with b2 played, and
// returns the server, the game id and the seats' tokens.
func newTestGame(t *testing.T) (*Server, string, [2]string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "room.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Registry: game.NewRegistry(tictactoe.Game()), Store: st})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.Close()
		st.Close()
	})
	req := api.CreateRequest{Game: "tictactoe", Local: true, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}
	if _, err := checkSeats(&req); err != nil {
		t.Fatal(err)
	}
	g, tokens, h, err := s.newRecord(ctx, &req, [2]string{})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	s.adopt(h)
	if err := s.withHub(ctx, g.ID, func(h *hub) error { return h.move(ctx, caller{token: tokens[0]}, "b2", 0) }); err != nil {
		t.Fatal(err)
	}
	return s, g.ID, tokens
}

// TestRoomErrors checks that the room logic says why it refuses with the
// errors of refusal.go, and keeps the rules engine's own error.
func TestRoomErrors(t *testing.T) {
	t.Parallel()
	s, id, tok := newTestGame(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		act  func(h *hub) error
		want []error
	}{
		{"malformed move", func(h *hub) error { return h.move(ctx, caller{token: tok[1]}, "z9", 1) }, []error{ErrMalformed, game.ErrBadMove}},
		{"no token", func(h *hub) error { return h.move(ctx, caller{token: ""}, "a1", 1) }, []error{ErrForbidden}},
		{"not a seat", func(h *hub) error { return h.resign(ctx, caller{token: "0123"}) }, []error{ErrForbidden}},
		{"stale", func(h *hub) error { return h.move(ctx, caller{token: tok[1]}, "a1", 0) }, []error{ErrStale}},
		{"not your turn", func(h *hub) error { return h.move(ctx, caller{token: tok[0]}, "a1", 1) }, []error{ErrNotYourTurn}},
		{"illegal", func(h *hub) error { return h.move(ctx, caller{token: tok[1]}, "b2", 1) }, []error{ErrIllegal, game.ErrIllegalMove}},
		{"no offer", func(h *hub) error { return h.draw(ctx, caller{token: tok[1]}, "accept") }, []error{ErrNoOffer}},
		{"undo with no move of one's own", func(h *hub) error { return h.undo(ctx, caller{token: tok[1]}, "request", "") }, []error{ErrCannotUndo}},
		{"no take-back request", func(h *hub) error { return h.undo(ctx, caller{token: tok[1]}, "accept", "") }, []error{ErrNoTakeBack}},
		{"hint between two people", func(h *hub) error { return h.hint(ctx, caller{token: tok[1]}) }, []error{ErrNoHint}},
		{"resign", func(h *hub) error { return h.resign(ctx, caller{token: tok[0]}) }, nil},
		{"move after the end", func(h *hub) error { return h.move(ctx, caller{token: tok[1]}, "a1", 1) }, []error{ErrGameOver}},
	} {
		err := s.withHub(ctx, id, tc.act)
		if tc.want == nil && err != nil {
			t.Errorf("%s: got %v, want success", tc.name, err)
		}
		for _, want := range tc.want {
			if !errors.Is(err, want) {
				t.Errorf("%s: got %v, want an error that is %v", tc.name, err, want)
			}
		}
	}
	if err := s.withHub(ctx, "nosuch", func(*hub) error { return nil }); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown game: got %v, want ErrNotFound", err)
	}
	s.Close()
	if err := s.withHub(ctx, id, func(*hub) error { return nil }); !errors.Is(err, ErrClosing) {
		t.Errorf("closed server: got %v, want ErrClosing", err)
	}
}
