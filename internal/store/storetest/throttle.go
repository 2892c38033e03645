package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// testLoginAttempts: attempts count in a fixed window, concurrent ones
// each get their own number, and a new window starts from one.
func testLoginAttempts(t *testing.T, open Opener) {
	s, reopen := open(t)
	ctx := context.Background()
	const window = 15 * time.Minute
	var wg sync.WaitGroup
	seen := make(chan int, 10)
	for range 10 {
		wg.Go(func() {
			n, err := s.LoginAttempt(ctx, "user:ada", epoch, window)
			if err != nil {
				t.Error(err)
			}
			seen <- n
		})
	}
	wg.Wait()
	close(seen)
	got := map[int]bool{}
	for n := range seen {
		got[n] = true
	}
	for i := 1; i <= 10; i++ {
		if !got[i] {
			t.Errorf("concurrent attempts: got numbers %v, want each of 1 to 10 once", got)
			break
		}
	}
	s2, err := reopen() // another process on the same database
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	for _, tc := range []struct {
		at   time.Duration
		want int
	}{{window - time.Millisecond, 11}, {window, 1}, {window + time.Minute, 2}} {
		if n, err := s2.LoginAttempt(ctx, "user:ada", epoch.Add(tc.at), window); err != nil || n != tc.want {
			t.Errorf("attempt at +%v: got %d %v, want %d", tc.at, n, err, tc.want)
		}
	}
	if err := s2.RefundAttempt(ctx, "user:ada"); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.LoginAttempt(ctx, "user:ada", epoch.Add(window+time.Minute), window); n != 2 {
		t.Errorf("after a refund: got %d, want 2", n)
	}
	if err := s.ForgetAttempts(ctx, "user:ada"); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.LoginAttempt(ctx, "user:ada", epoch.Add(window+time.Minute), window); n != 1 {
		t.Errorf("after forgetting: got %d, want 1", n)
	}
}

// testCeremonies: a ceremony is finished once, by kind, before it
// expires; passkeys are found by id and updated.
func testCeremonies(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	_, ss := mustGuest(t, s, "p1", epoch)
	if err := s.BeginCeremony(ctx, ss.TokenHash, "register", []byte(`{"c":1}`), epoch.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.FinishCeremony(ctx, ss.TokenHash, "login", epoch); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("other kind: got %v, want ErrNoCeremony", err)
	}
	if d, err := s.FinishCeremony(ctx, ss.TokenHash, "register", epoch); err != nil || string(d) != `{"c":1}` {
		t.Errorf("got %q %v, want the data", d, err)
	}
	if _, err := s.FinishCeremony(ctx, ss.TokenHash, "register", epoch); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("replayed: got %v, want ErrNoCeremony", err)
	}
	if err := s.BeginCeremony(ctx, ss.TokenHash, "login", []byte(`{}`), epoch.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.FinishCeremony(ctx, ss.TokenHash, "login", epoch.Add(time.Minute)); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("expired: got %v, want ErrNoCeremony", err)
	}
	if err := s.SignUp(ctx, store.SignUp{ID: "p1", Username: "ada", Key: "ada", At: epoch}); err != nil {
		t.Fatal(err)
	}
	key := store.Passkey{ID: []byte("cred-1"), PlayerID: "p1", Name: "laptop", Credential: []byte(`{"n":0}`), CreatedAt: epoch, LastUsedAt: epoch}
	if err := s.AddPasskey(ctx, key); err != nil {
		t.Fatal(err)
	}
	// Another account registering the same credential id is refused,
	// and the passkey stays the first one's.
	if err := s.AddPasskey(ctx, store.Passkey{ID: key.ID, PlayerID: "p2", Name: "thief", Credential: []byte(`{}`), CreatedAt: epoch, LastUsedAt: epoch}); !errors.Is(err, store.ErrPasskeyTaken) {
		t.Errorf("a credential id registered again: got %v, want ErrPasskeyTaken", err)
	}
	if err := s.UsePasskey(ctx, key.ID, []byte(`{"n":1}`), epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	got, err := s.PasskeyByID(ctx, key.ID)
	if err != nil || string(got.Credential) != `{"n":1}` || !got.LastUsedAt.Equal(epoch.Add(time.Hour)) || got.PlayerID != "p1" {
		t.Errorf("got %+v %v, want the used passkey", got, err)
	}
	if err := s.DeletePasskey(ctx, "someone else", key.ID); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("deleting another's passkey: got %v, want ErrNoPasskey", err)
	}
	if err := s.DeletePasskey(ctx, "p1", key.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PasskeyByID(ctx, key.ID); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("deleted passkey: got %v, want ErrNoPasskey", err)
	}
}
