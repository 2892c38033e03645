package storetest

import (
	"context"
	"crypto/sha256"
	"errors"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

func newGuest(id string, at time.Time) (store.Player, store.Session) {
	h := sha256.Sum256([]byte("session-" + id))
	return store.Player{ID: id, Name: "Vega " + id, Kind: store.PlayerGuest, JoinedAt: at, UpdatedAt: at},
		store.Session{TokenHash: h[:], PlayerID: id, CreatedAt: at, ExpiresAt: at.Add(time.Hour)}
}

func mustGuest(t *testing.T, s store.Store, id string, at time.Time) (store.Player, store.Session) {
	t.Helper()
	p, ss := newGuest(id, at)
	if err := s.CreateGuest(context.Background(), p, ss); err != nil {
		t.Fatalf("create guest %s: %v", id, err)
	}
	return p, ss
}

// testSessions: a session finds its player until it expires; extending
// it moves the expiry; ending it forgets it; the expired are swept.
func testSessions(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	want, ss := mustGuest(t, s, "p1", epoch)
	got, gotSS, err := s.SessionPlayer(ctx, ss.TokenHash, epoch.Add(time.Minute))
	if err != nil || got != want || gotSS.PlayerID != "p1" || !gotSS.ExpiresAt.Equal(ss.ExpiresAt) {
		t.Fatalf("got %+v, %+v, %v, want %+v and its session", got, gotSS, err, want)
	}
	if _, _, err := s.SessionPlayer(ctx, ss.TokenHash, ss.ExpiresAt); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("at expiry: got %v, want ErrNoSession", err)
	}
	later := ss.ExpiresAt.Add(time.Hour)
	if err := s.ExtendSession(ctx, ss.TokenHash, later); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionPlayer(ctx, ss.TokenHash, ss.ExpiresAt); err != nil {
		t.Errorf("after extension: got %v, want the session", err)
	}
	other := sha256.Sum256([]byte("forged"))
	if _, _, err := s.SessionPlayer(ctx, other[:], epoch); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("unknown token: got %v, want ErrNoSession", err)
	}
	_, ss2 := mustGuest(t, s, "p2", epoch)
	if n, err := s.ExpireSessions(ctx, ss2.ExpiresAt); err != nil || n != 1 {
		t.Errorf("expire: got %d, %v, want 1 (p2's session only)", n, err)
	}
	if _, _, err := s.SessionPlayer(ctx, ss.TokenHash, epoch); err != nil {
		t.Errorf("p1 after sweep: got %v, want its session", err)
	}
	if err := s.EndSession(ctx, ss.TokenHash); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionPlayer(ctx, ss.TokenHash, epoch); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("after end: got %v, want ErrNoSession", err)
	}
	if _, err := s.LoadPlayer(ctx, "p1"); err != nil {
		t.Errorf("player after its session ended: got %v, want it kept", err)
	}
}

// testRename: a rename is kept; an unknown player is ErrNoPlayer.
func testRename(t *testing.T, open Opener) {
	s, reopen := open(t)
	ctx := context.Background()
	mustGuest(t, s, "p1", epoch)
	if err := s.RenamePlayer(ctx, "p1", "Ada", epoch.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if err := s.RenamePlayer(ctx, "nobody", "Ada", epoch); !errors.Is(err, store.ErrNoPlayer) {
		t.Errorf("rename unknown: got %v, want ErrNoPlayer", err)
	}
	if _, err := s.LoadPlayer(ctx, "nobody"); !errors.Is(err, store.ErrNoPlayer) {
		t.Errorf("load unknown: got %v, want ErrNoPlayer", err)
	}
	s2, err := reopen()
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	p, err := s2.LoadPlayer(ctx, "p1")
	if err != nil || p.Name != "Ada" || p.Kind != store.PlayerGuest || !p.JoinedAt.Equal(epoch) || !p.UpdatedAt.Equal(epoch.Add(time.Second)) {
		t.Errorf("got %+v, %v, want guest Ada joined at %v", p, err, epoch)
	}
}

// testPurgeGuests: a guest who joined before the cutoff and left no
// session, key, seat nor rating is deleted with what only they could
// see; every other player is kept.
func testPurgeGuests(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	gone := func(id string) {
		t.Helper()
		_, ss := mustGuest(t, s, id, epoch)
		if err := s.EndSession(ctx, ss.TokenHash); err != nil {
			t.Fatal(err)
		}
	}
	gone("lost")
	if err := s.SetNotifySettings(ctx, store.NotifySettings{Player: "lost", Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetMute(ctx, "lost", store.Mute{Kind: "author", Target: "someone"}, true); err != nil {
		t.Fatal(err)
	}
	mustGuest(t, s, "cookie", epoch) // a live session: may come back
	gone("seated")
	g := newGame("g1", epoch)
	g.Seats[1].Player = "seated"
	mustCreate(t, s, g)
	gone("keyed")
	if err := s.CreateKey(ctx, store.APIKey{ID: "k1", Hash: []byte("hash-k1"), Player: "keyed", Label: "bot", CreatedAt: epoch}); err != nil {
		t.Fatal(err)
	}
	_, ss := mustGuest(t, s, "young", epoch.Add(48*time.Hour))
	if err := s.EndSession(ctx, ss.TokenHash); err != nil {
		t.Fatal(err)
	}
	n, err := s.PurgeGuests(ctx, epoch.Add(24*time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("purge: got %d, %v, want 1", n, err)
	}
	if _, err := s.LoadPlayer(ctx, "lost"); !errors.Is(err, store.ErrNoPlayer) {
		t.Errorf("the lost guest: got %v, want ErrNoPlayer", err)
	}
	if ms, err := s.Mutes(ctx, "lost"); err != nil || len(ms) != 0 {
		t.Errorf("the lost guest's mutes: got %v, %v, want none", ms, err)
	}
	if ns, err := s.NotifySettings(ctx, "lost"); err != nil || ns.Lang != "" {
		t.Errorf("the lost guest's settings: got %+v, %v, want the zero ones", ns, err)
	}
	for _, id := range []string{"cookie", "seated", "keyed", "young"} {
		if _, err := s.LoadPlayer(ctx, id); err != nil {
			t.Errorf("%s: got %v, want kept", id, err)
		}
	}
	if n, err := s.PurgeGuests(ctx, epoch.Add(24*time.Hour)); err != nil || n != 0 {
		t.Errorf("purge again: got %d, %v, want 0", n, err)
	}
}
