package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// testSignUp: a guest becomes an account keeping its id; usernames are
// unique whatever their case, even when two sign up at once.
func testSignUp(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustGuest(t, s, "p1", epoch)
	mustGuest(t, s, "p2", epoch)
	if err := s.SignUp(ctx, store.SignUp{ID: "p1", Username: "Ada", Key: "ada", PasswordHash: "h1", At: epoch}); err != nil {
		t.Fatal(err)
	}
	err := s.SignUp(ctx, store.SignUp{ID: "p2", Username: "ADA", Key: "ada", PasswordHash: "h2", At: epoch})
	if !errors.Is(err, store.ErrUsernameTaken) {
		t.Errorf("second Ada: got %v, want ErrUsernameTaken", err)
	}
	if err := s.SignUp(ctx, store.SignUp{ID: "p1", Username: "Bob", Key: "bob", At: epoch}); !errors.Is(err, store.ErrNotGuest) {
		t.Errorf("account signing up again: got %v, want ErrNotGuest", err)
	}
	p, hash, err := s.AccountByUsername(ctx, "ada")
	if err != nil || p.ID != "p1" || p.Username != "Ada" || p.Kind != store.PlayerAccount || hash != "h1" {
		t.Errorf("got %+v %q %v, want p1, Ada, account, h1", p, hash, err)
	}
	if p2, _ := s.LoadPlayer(ctx, "p2"); p2.Kind != store.PlayerGuest {
		t.Errorf("refused sign-up: got %+v, want p2 still a guest", p2)
	}
	for _, id := range []string{"r1", "r2", "r3", "r4"} {
		mustGuest(t, s, id, epoch)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for _, id := range []string{"r1", "r2", "r3", "r4"} {
		wg.Go(func() { errs <- s.SignUp(ctx, store.SignUp{ID: id, Username: "Grace", Key: "grace", At: epoch}) })
	}
	wg.Wait()
	close(errs)
	won := 0
	for err := range errs {
		if err == nil {
			won++
		} else if !errors.Is(err, store.ErrUsernameTaken) {
			t.Errorf("racing sign-up: got %v, want nil or ErrUsernameTaken", err)
		}
	}
	if won != 1 {
		t.Errorf("racing sign-ups of one name: got %d winners, want 1", won)
	}
}

// testPasswordChange: a new password ends every session but the one
// that changed it.
func testPasswordChange(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	_, ss := mustGuest(t, s, "p1", epoch)
	if err := s.SignUp(ctx, store.SignUp{ID: "p1", Username: "ada", Key: "ada", PasswordHash: "h1", At: epoch}); err != nil {
		t.Fatal(err)
	}
	other := store.Session{TokenHash: []byte("other-session-hash-0123456789abc"), PlayerID: "p1", CreatedAt: epoch, ExpiresAt: epoch.Add(time.Hour)}
	if err := s.AddSession(ctx, other); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPassword(ctx, "p1", "h2", ss.TokenHash, epoch); err != nil {
		t.Fatal(err)
	}
	if h, err := s.PasswordHash(ctx, "p1"); err != nil || h != "h2" {
		t.Errorf("got %q %v, want h2", h, err)
	}
	if _, _, err := s.SessionPlayer(ctx, ss.TokenHash, epoch); err != nil {
		t.Errorf("the changing session: got %v, want it kept", err)
	}
	if _, _, err := s.SessionPlayer(ctx, other.TokenHash, epoch); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("another session: got %v, want it ended", err)
	}
}

// testMergeAndDelete: a merged guest points at its account and has no
// session; a deleted account keeps its row under a new name, without
// credentials, and its username is free again.
func testMergeAndDelete(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	_, ss := mustGuest(t, s, "acct", epoch)
	_, gs := mustGuest(t, s, "guest", epoch)
	if err := s.SignUp(ctx, store.SignUp{ID: "acct", Username: "ada", Key: "ada", PasswordHash: "h", At: epoch,
		Passkey: &store.Passkey{ID: []byte{1, 2, 3}, PlayerID: "acct", Name: "key", Credential: []byte(`{}`), CreatedAt: epoch, LastUsedAt: epoch}}); err != nil {
		t.Fatal(err)
	}
	if err := s.MergeGuest(ctx, "guest", "acct", epoch); err != nil {
		t.Fatal(err)
	}
	if into, err := s.MergedInto(ctx, "guest"); err != nil || into != "acct" {
		t.Errorf("merged into: got %q %v, want acct", into, err)
	}
	if _, _, err := s.SessionPlayer(ctx, gs.TokenHash, epoch); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("merged guest's session: got %v, want ended", err)
	}
	if err := s.MergeGuest(ctx, "acct", "guest", epoch); !errors.Is(err, store.ErrNotGuest) {
		t.Errorf("merging an account: got %v, want ErrNotGuest", err)
	}
	if err := s.DeleteAccount(ctx, "acct", "Anonymous 1234", epoch); err != nil {
		t.Fatal(err)
	}
	p, err := s.LoadPlayer(ctx, "acct")
	if err != nil || p.Kind != store.PlayerDeleted || p.Name != "Anonymous 1234" || p.Username != "" {
		t.Errorf("deleted: got %+v %v, want a deleted, anonymous row", p, err)
	}
	if _, _, err := s.SessionPlayer(ctx, ss.TokenHash, epoch); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("deleted account's session: got %v, want ended", err)
	}
	if keys, err := s.Passkeys(ctx, "acct"); err != nil || len(keys) != 0 {
		t.Errorf("deleted account's passkeys: got %d %v, want none", len(keys), err)
	}
	if _, _, err := s.AccountByUsername(ctx, "ada"); !errors.Is(err, store.ErrNoPlayer) {
		t.Errorf("deleted username: got %v, want ErrNoPlayer", err)
	}
}
