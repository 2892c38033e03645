package room

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// events is a room.Events that records what it is told.
type events struct {
	mu    sync.Mutex
	turns []Turn
	ai    int
	moves map[string]int
}

func (e *events) TurnNotes(_ context.Context, t Turn) []store.Note {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.turns = append(e.turns, t)
	return nil
}

func (e *events) TurnNoted() {}

func (e *events) AIOwed() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.ai++
}

func (e *events) PresenceChanged() {}

func (e *events) Moved(by string, plies int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.moves == nil {
		e.moves = map[string]int{}
	}
	e.moves[by] += plies
}

func (e *events) SeatNames(context.Context, [2]store.Seat) [2]*api.PlayerRef {
	return [2]*api.PlayerRef{}
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// newTestHub returns a hub over a fresh SQLite database, without any
// HTTP server, and what its events were told.
func newTestHub(t *testing.T) (*Hub, *events, store.Store) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "room.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	ev := &events{}
	hb := New(ctx, Config{Store: st, Registry: game.NewRegistry(tictactoe.Game()), Clock: systemClock{}, Events: ev,
		Log: slog.New(slog.DiscardHandler), Owner: "test", IdleEvict: time.Minute, Now: time.Now})
	t.Cleanup(func() {
		hb.Close()
		cancel()
		st.Close()
	})
	return hb, ev, st
}

// createGame stores a new tictactoe game with the given seats (a human
// seat gets a token) and adopts its room; it returns the id and tokens.
func createGame(t *testing.T, hb *Hub, st store.Store, kinds [2]string) (string, [2]string) {
	t.Helper()
	ctx := context.Background()
	info, _, err := hb.cfg.Registry.Lookup("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := hb.cfg.Registry.New("tictactoe", "")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	g := store.Game{ID: "g" + strconv.FormatInt(now.UnixNano(), 36), Game: "tictactoe", Start: pos.String(), Result: store.Ongoing,
		DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, Version: 1, CreatedAt: now, UpdatedAt: now}
	var tokens [2]string
	for i, k := range kinds {
		g.Seats[i] = store.Seat{Kind: k}
		if k == store.Human {
			tokens[i], g.Seats[i].TokenHash = seats.NewToken()
		} else {
			g.Seats[i].Level = 1
		}
	}
	r := hb.NewRoom(ctx, g, pos, info)
	g.AIToAct = r.AIToAct()
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	hb.Adopt(r)
	return g.ID, tokens
}

// newTestGame serves a new hot-seat tic-tac-toe game with b2 played, and
// returns the hub, the game id and the seats' tokens.
func newTestGame(t *testing.T) (*Hub, string, [2]string) {
	t.Helper()
	ctx := context.Background()
	hb, _, st := newTestHub(t)
	id, tokens := createGame(t, hb, st, [2]string{store.Human, store.Human})
	if err := hb.With(ctx, id, func(h *Room) error { return h.Move(ctx, Caller{Token: tokens[0]}, "b2", 0) }); err != nil {
		t.Fatal(err)
	}
	return hb, id, tokens
}

// TestRoomErrors checks that the room logic says why it refuses with the
// errors of refusal.go, over SQLite and without an HTTP server, and keeps the rules engine's own error.
func TestRoomErrors(t *testing.T) {
	t.Parallel()
	s, id, tok := newTestGame(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		act  func(h *Room) error
		want []error
	}{
		{"malformed move", func(h *Room) error { return h.Move(ctx, Caller{Token: tok[1]}, "z9", 1) }, []error{ErrMalformed, game.ErrBadMove}},
		{"no token", func(h *Room) error { return h.Move(ctx, Caller{Token: ""}, "a1", 1) }, []error{ErrForbidden}},
		{"not a seat", func(h *Room) error { return h.Resign(ctx, Caller{Token: "0123"}) }, []error{ErrForbidden}},
		{"stale", func(h *Room) error { return h.Move(ctx, Caller{Token: tok[1]}, "a1", 0) }, []error{ErrStale}},
		{"not your turn", func(h *Room) error { return h.Move(ctx, Caller{Token: tok[0]}, "a1", 1) }, []error{ErrNotYourTurn}},
		{"illegal", func(h *Room) error { return h.Move(ctx, Caller{Token: tok[1]}, "b2", 1) }, []error{ErrIllegal, game.ErrIllegalMove}},
		{"no offer", func(h *Room) error { return h.Draw(ctx, Caller{Token: tok[1]}, "accept") }, []error{ErrNoOffer}},
		{"undo with no move of one's own", func(h *Room) error { return h.Undo(ctx, Caller{Token: tok[1]}, "request", "") }, []error{ErrCannotUndo}},
		{"no take-back request", func(h *Room) error { return h.Undo(ctx, Caller{Token: tok[1]}, "accept", "") }, []error{ErrNoTakeBack}},
		{"hint between two people", func(h *Room) error { return h.Hint(ctx, Caller{Token: tok[1]}) }, []error{ErrNoHint}},
		{"resign", func(h *Room) error { return h.Resign(ctx, Caller{Token: tok[0]}) }, nil},
		{"move after the end", func(h *Room) error { return h.Move(ctx, Caller{Token: tok[1]}, "a1", 1) }, []error{ErrGameOver}},
	} {
		err := s.With(ctx, id, tc.act)
		if tc.want == nil && err != nil {
			t.Errorf("%s: got %v, want success", tc.name, err)
		}
		for _, want := range tc.want {
			if !errors.Is(err, want) {
				t.Errorf("%s: got %v, want an error that is %v", tc.name, err, want)
			}
		}
	}
	if err := s.With(ctx, "nosuch", func(*Room) error { return nil }); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown game: got %v, want ErrNotFound", err)
	}
	s.Close()
	if err := s.With(ctx, id, func(*Room) error { return nil }); !errors.Is(err, ErrClosing) {
		t.Errorf("closed server: got %v, want ErrClosing", err)
	}
}
