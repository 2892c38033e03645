package friends_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/friends"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/store"
)

// newStore opens a SQLite store with players p0..p(n-1).
func newStore(t *testing.T, n int) store.Store {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "f.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	now := time.Now()
	for i := range n {
		id := fmt.Sprintf("p%d", i)
		p := store.Player{ID: id, Name: fmt.Sprintf("Player %03d", i), Kind: store.PlayerGuest, JoinedAt: now, UpdatedAt: now}
		if err := st.CreateGuest(ctx, p, store.Session{TokenHash: []byte("token of " + id), PlayerID: id, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func TestFollow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newStore(t, 4)
	now := time.Now()
	s := friends.New(st, func() time.Time { return now })
	for _, tc := range []struct {
		follower, followed string
		want               error
	}{
		{"p0", "p1", nil},
		{"p0", "p2", nil},
		{"p0", "p1", nil}, // again: no change
		{"p0", "p0", friends.ErrSelf},
		{"p0", "nobody", friends.ErrNotFound},
		{"p1", "p0", nil},
	} {
		if err := s.Follow(ctx, tc.follower, tc.followed); !errors.Is(err, tc.want) {
			t.Errorf("%s follows %s: got %v, want %v", tc.follower, tc.followed, err, tc.want)
		}
	}
	// p2 is online in the lobby; p1 plays a public game.
	if err := st.SetPresence(ctx, "server-a", []lobby.Player{{ID: "p2", Name: "Player 002"}}, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	g := store.Game{ID: "g1", Game: "tictactoe", Start: "3/3/3 x", Result: store.Ongoing, CreatedAt: now, UpdatedAt: now,
		Seats: [2]store.Seat{{Kind: "human", Player: "p1"}, {Kind: "human", Player: "p3"}}}
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	got, err := s.List(ctx, "p0")
	want := []friends.Friend{{ID: "p2", Name: "Player 002", Online: true}, {ID: "p1", Name: "Player 001", Game: "g1"}}
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("p0's friends: got %+v %v, want %+v", got, err, want)
	}
	if err := s.Unfollow(ctx, "p0", "p2"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.List(ctx, "p0"); len(got) != 1 || got[0].ID != "p1" {
		t.Errorf("after unfollowing p2: got %+v, want p1 alone", got)
	}
	// Private and one way: p3 follows nobody, whoever follows them.
	if got, _ := s.List(ctx, "p3"); len(got) != 0 {
		t.Errorf("p3's friends: got %+v, want none", got)
	}
}

func TestTooMany(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newStore(t, friends.MaxFollows+2)
	s := friends.New(st, time.Now)
	for i := 1; i <= friends.MaxFollows; i++ {
		if err := s.Follow(ctx, "p0", fmt.Sprintf("p%d", i)); err != nil {
			t.Fatalf("follow %d: %v", i, err)
		}
	}
	if err := s.Follow(ctx, "p0", fmt.Sprintf("p%d", friends.MaxFollows+1)); !errors.Is(err, friends.ErrTooMany) {
		t.Errorf("one more: got %v, want ErrTooMany", err)
	}
	if err := s.Follow(ctx, "p0", "p1"); err != nil {
		t.Errorf("one already followed, at the limit: got %v, want no change and no error", err)
	}
}

// blocks is a Guard over a set of blocks "blocker>blocked".
type blocks map[string]bool

var errApart = errors.New("not available")

func (b blocks) Apart(_ context.Context, x, y string) error {
	if b[x+">"+y] || b[y+">"+x] {
		return errApart
	}
	return nil
}

func (b blocks) Hidden(_ context.Context, player string) map[string]bool {
	out := map[string]bool{}
	for k := range b {
		blocker, blocked, _ := strings.Cut(k, ">")
		switch player {
		case blocker:
			out[blocked] = true
		case blocked:
			out[blocker] = true
		}
	}
	return out
}

// TestBlocked: a player blocked with another, whoever blocked whom,
// cannot follow them, and a follow made before the block is hidden
// from the follower's list (and shown again after an unblock).
func TestBlocked(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newStore(t, 4)
	g := blocks{}
	s := friends.New(st, time.Now)
	s.Guard = g
	for _, id := range []string{"p1", "p2"} {
		if err := s.Follow(ctx, "p0", id); err != nil {
			t.Fatal(err)
		}
	}
	g["p1>p0"] = true // p1 blocks their follower p0
	g["p0>p3"] = true // p0 blocks p3
	for _, tc := range []struct {
		follower, followed string
		want               error
	}{
		{"p0", "p1", errApart}, {"p0", "p3", errApart}, {"p3", "p0", errApart}, {"p0", "p2", nil},
	} {
		if err := s.Follow(ctx, tc.follower, tc.followed); !errors.Is(err, tc.want) {
			t.Errorf("%s follows %s: got %v, want %v", tc.follower, tc.followed, err, tc.want)
		}
	}
	if got, err := s.List(ctx, "p0"); err != nil || len(got) != 1 || got[0].ID != "p2" {
		t.Errorf("p0's friends after p1 blocked p0: got %+v %v, want p2 alone", got, err)
	}
	delete(g, "p1>p0")
	if got, _ := s.List(ctx, "p0"); len(got) != 2 {
		t.Errorf("after p1 unblocked p0: got %+v, want p1 and p2", got)
	}
}
