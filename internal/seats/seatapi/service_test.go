package seatapi

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// fakeStore keeps API keys and lists games, in memory.
type fakeStore struct {
	keys  []store.APIKey
	games []store.Summary
}

func (f *fakeStore) Keys(ctx context.Context, player string) ([]store.APIKey, error) {
	return f.keys, nil
}

func (f *fakeStore) CreateKey(ctx context.Context, k store.APIKey) error {
	f.keys = append(f.keys, k)
	return nil
}

func (f *fakeStore) RevokeKey(ctx context.Context, player, id string) error { return nil }

func (f *fakeStore) KeyByHash(ctx context.Context, hash []byte) (store.APIKey, error) {
	for _, k := range f.keys {
		if string(k.Hash) == string(hash) {
			return k, nil
		}
	}
	return store.APIKey{}, store.ErrNoKey
}

func (f *fakeStore) List(ctx context.Context, _ store.Filter) ([]store.Summary, error) {
	return f.games, nil
}

func (f *fakeStore) Results(ctx context.Context, player string) ([]store.ResultCount, error) {
	return nil, nil
}

func newService(st Store) *Service {
	return New(Config{Store: st, Now: time.Now,
		Name:    func(_ context.Context, id string) api.PlayerRef { return api.PlayerRef{ID: id, Name: "name of " + id} },
		Summary: func(sm store.Summary, _ map[string]*api.PlayerRef) api.Summary { return api.Summary{ID: sm.ID} }})
}

// TestMyGames: the games where it is the player's turn come first, each
// with who plays the player; games without a seat of theirs are left out.
func TestMyGames(t *testing.T) {
	human := func(p string) store.Seat { return store.Seat{Kind: store.Human, Player: p} }
	st := &fakeStore{games: []store.Summary{
		{ID: "waiting", Result: store.Ongoing, ToAct: 1, Seats: [2]store.Seat{human("me"), human("you")}},
		{ID: "watched", Result: store.Ongoing, ToAct: 0, Seats: [2]store.Seat{human("a"), human("b")}},
		{ID: "ai", Result: store.Ongoing, ToAct: 0, Seats: [2]store.Seat{human("me"), {Kind: store.AI, Level: 3}}},
		{ID: "invite", Result: store.Ongoing, ToAct: 1, Seats: [2]store.Seat{human("me"), {Kind: store.Human}}},
	}}
	out, err := newService(st).MyGames(t.Context(), "me", "recent", 50)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id, opponent string
		turn         bool
	}{{"ai", "ai", true}, {"waiting", "player", false}, {"invite", "invite", false}}
	if len(out.Games) != len(want) {
		t.Fatalf("got %d games, want %d", len(out.Games), len(want))
	}
	for i, w := range want {
		if g := out.Games[i]; g.ID != w.id || g.Opponent.Kind != w.opponent || g.YourTurn != w.turn {
			t.Errorf("game %d: got %s against %s, your turn %v; want %s against %s, %v", i, g.ID, g.Opponent.Kind, g.YourTurn, w.id, w.opponent, w.turn)
		}
	}
}

// TestKeys: a key made is found by its token, up to the bound.
func TestKeys(t *testing.T) {
	st := &fakeStore{}
	s := newService(st)
	k, err := s.NewKey(t.Context(), "me", "laptop")
	if err != nil {
		t.Fatal(err)
	}
	if p, err := s.KeyPlayer(t.Context(), k.Key); err != nil || p != "me" {
		t.Fatalf("KeyPlayer: got %q, %v; want me", p, err)
	}
	if _, err := s.KeyPlayer(t.Context(), seats.KeyPrefix+"nothing"); !errors.Is(err, room.ErrForbidden) {
		t.Fatalf("an unknown key: got %v, want ErrForbidden", err)
	}
	for len(st.keys) < seats.MaxKeys {
		if _, err := s.NewKey(t.Context(), "me", ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.NewKey(t.Context(), "me", ""); !errors.Is(err, seats.ErrTooManyKeys) {
		t.Fatalf("one key too many: got %v, want ErrTooManyKeys", err)
	}
}
