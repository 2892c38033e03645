package players_test

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// TestAccounts signs a guest up over SQLite, logs in with the right and
// the wrong password until the throttle refuses, and refuses a second
// sign-up.
func TestAccounts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "accounts.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := func() time.Time { return time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC) }
	guest, _, _, err := players.Sessions{Store: st, Now: now, Log: slog.New(slog.DiscardHandler)}.NewGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a := players.Accounts{Store: st, Now: now}
	acct, err := a.SignUp(ctx, guest, "Ada", "correct horse")
	if err != nil || acct.Guest || acct.Username != "Ada" || acct.ID != guest.ID {
		t.Fatalf("sign-up: got %+v, %v; want account Ada with the guest's id", acct, err)
	}
	if _, err := a.SignUp(ctx, acct, "Ada2", "correct horse"); !errors.Is(err, players.ErrAlreadyAccount) {
		t.Errorf("second sign-up: got %v, want ErrAlreadyAccount", err)
	}
	if got, err := a.Login(ctx, "ada", "correct horse", "1.2.3.4"); err != nil || got.ID != guest.ID {
		t.Errorf("login: got %s, %v; want %s", got.ID, err, guest.ID)
	}
	for i := 1; i <= 6; i++ {
		_, err := a.Login(ctx, "ada", "wrong horse", "1.2.3.4")
		want := players.ErrBadCredentials
		if i == 6 {
			want = players.ErrThrottled
		}
		if !errors.Is(err, want) {
			t.Errorf("wrong password, attempt %d: got %v, want %v", i, err, want)
		}
	}
}
