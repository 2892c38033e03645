package lobby_test

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

// games builds tic-tac-toe games and counts those started.
type games struct {
	n       int
	started int
}

func (g *games) New(_ context.Context, gameID, tc string, rated bool, players [2]string) (store.Game, func(), error) {
	g.n++
	now := time.Now()
	rec := store.Game{ID: "g" + strconv.Itoa(g.n), Game: gameID, Start: (&tictactoe.State{}).String(), Result: store.Ongoing,
		Version: 1, DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, Rated: rated,
		CreatedAt: now, UpdatedAt: now}
	for i, p := range players {
		rec.Seats[i] = store.Seat{Kind: store.Human, Player: p}
	}
	return rec, func() { g.started++ }, nil
}

// TestServiceQuickPlay: Ann's quick play posts a seek; Bea's accepts it
// and starts one game, over SQLite and without HTTP; Ann cannot accept
// her own, and a seek accepted is gone.
func TestServiceQuickPlay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "lobby.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ann, bea := lobby.Player{ID: "p-ann", Name: "Ann"}, lobby.Player{ID: "p-bea", Name: "Bea"}
	for _, p := range []lobby.Player{ann, bea} {
		if err := st.CreateGuest(ctx, store.Player{ID: p.ID, Name: p.Name, Kind: store.PlayerGuest}, store.Session{TokenHash: []byte(p.ID), PlayerID: p.ID}); err != nil {
			t.Fatal(err)
		}
	}
	g, changes, ids := &games{}, 0, 0
	sv := lobby.Service{Store: st, Games: g, Registry: game.NewRegistry(tictactoe.Game()),
		Clock: fixedClock{time.Now()}, Log: slog.New(slog.DiscardHandler),
		NewID:   func() string { ids++; return "s" + strconv.Itoa(ids) },
		Rating:  func(context.Context, string, string) int { return 0 },
		Named:   func(context.Context, string) (lobby.Player, error) { return lobby.Player{}, players.ErrNotFound },
		Changed: func() { changes++ }}
	started, seek, err := sv.QuickPlay(ctx, ann, "tictactoe")
	if err != nil || started != nil || seek == nil || seek.Owner != ann || !seek.Quick {
		t.Fatalf("Ann's quick play: got %v %+v %v, want her quick seek posted", started, seek, err)
	}
	if _, err := sv.Accept(ctx, ann, *seek); !errors.Is(err, lobby.ErrOwnSeek) {
		t.Errorf("Ann accepting her own seek: got %v, want ErrOwnSeek", err)
	}
	started, seek, err = sv.QuickPlay(ctx, bea, "tictactoe")
	if err != nil || started == nil || seek != nil || started.Game != "g1" || g.started != 1 {
		t.Fatalf("Bea's quick play: got %+v %+v %v (%d started), want game g1 started", started, seek, err, g.started)
	}
	if _, err := st.OpenSeek(ctx, "s1", time.Now()); !errors.Is(err, lobby.ErrGone) {
		t.Errorf("the accepted seek: got %v, want ErrGone", err)
	}
	if _, err := sv.NewSeek(ctx, ann, lobby.Request{Game: "tictactoe", Rated: true}); !errors.Is(err, lobby.ErrBadSeek) {
		t.Errorf("a rated untimed seek: got %v, want ErrBadSeek", err)
	}
	if changes != 2 {
		t.Errorf("the loop was told of %d changes, want 2 (a post, an accept)", changes)
	}
}

// TestSeekKind: a seek's kind follows its clock; a kind asked that
// contradicts the clock is refused, as is a rated untimed seek (issue
// 30, point 12).
func TestSeekKind(t *testing.T) {
	t.Parallel()
	ids := 0
	sv := lobby.Service{Registry: game.NewRegistry(tictactoe.Game()), Clock: fixedClock{time.Now()},
		NewID:  func() string { ids++; return "s" + strconv.Itoa(ids) },
		Rating: func(context.Context, string, string) int { return 0 }}
	ann := lobby.Player{ID: "p-ann", Name: "Ann"}
	for _, tc := range []struct {
		tc, kind string
		rated    bool
		want     lobby.Kind
		err      error
	}{
		{"5+3", "", false, lobby.RealTime, nil},
		{"5+3", "realtime", true, lobby.RealTime, nil},
		{"3d/14", "", true, lobby.Correspondence, nil},
		{"3d/14", "correspondence", false, lobby.Correspondence, nil},
		{"", "correspondence", false, lobby.Correspondence, nil},
		{"", "", false, lobby.RealTime, nil},
		{"3d/14", "realtime", false, "", lobby.ErrKindClash},
		{"5+3", "correspondence", true, "", lobby.ErrKindClash},
		{"", "realtime", true, "", lobby.ErrRatedUntimed},
	} {
		k, err := sv.NewSeek(context.Background(), ann, lobby.Request{Game: "tictactoe", TimeControl: tc.tc, Kind: tc.kind, Rated: tc.rated})
		if !errors.Is(err, tc.err) || k.Kind != tc.want || (err != nil && !errors.Is(err, lobby.ErrBadSeek)) {
			t.Errorf("%q %q rated %v: got %q %v, want %q %v", tc.tc, tc.kind, tc.rated, k.Kind, err, tc.want, tc.err)
		}
	}
}
