package players_test

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// openStore opens a SQLite store in the test's folder, and makes a
// guest with its session token.
func openStore(t *testing.T) (store.Store, players.Player, string, func() time.Time) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "players.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	now := func() time.Time { return time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC) }
	guest, token, _, err := players.Sessions{Store: st, Now: now, Log: slog.New(slog.DiscardHandler)}.NewGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return st, guest, token, now
}

// TestPasskeyCeremonies: a ceremony is begun under a free username only,
// finished at most once, and a forged answer is refused without
// changing the guest; a login with no ceremony begun is refused.
func TestPasskeyCeremonies(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, guest, token, now := openStore(t)
	k := players.Passkeys{Store: st, Now: now}
	b := players.Browser{Session: token, Origin: &url.URL{Scheme: "http", Host: "localhost:8080"}}
	accounts := players.Accounts{Store: st, Now: now}
	if _, err := accounts.SignUp(ctx, mustGuest(t, st, now), "grace", "correct horse"); err != nil {
		t.Fatal(err)
	}
	if _, err := k.BeginRegistration(ctx, b, guest, "GRACE"); !errors.Is(err, players.ErrNameTaken) {
		t.Errorf("begin under a taken name: got %v, want ErrNameTaken", err)
	}
	if options, err := k.BeginRegistration(ctx, b, guest, "ada"); err != nil || options == nil {
		t.Fatalf("begin: got %v, %v; want options", options, err)
	}
	forged := []byte(`{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"e30","attestationObject":"oA"}}`)
	for i := range 2 {
		p, err := k.FinishRegistration(ctx, b, guest, "", forged)
		if !errors.Is(err, players.ErrPasskey) || !p.Guest {
			t.Errorf("forged answer %d: got %+v, %v; want ErrPasskey and still a guest", i, p, err)
		}
	}
	if _, err := k.FinishLogin(ctx, b, forged); !errors.Is(err, players.ErrPasskey) {
		t.Errorf("login without a ceremony: got %v, want ErrPasskey", err)
	}
}

// TestPasskeyDelete: an account's list is empty, not null; a passkey it
// does not have is ErrNoPasskey; its only way to log in is kept.
func TestPasskeyDelete(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, guest, _, now := openStore(t)
	k := players.Passkeys{Store: st, Now: now}
	key := store.Passkey{ID: []byte{1, 2, 3}, PlayerID: guest.ID, Name: "phone", Credential: []byte(`{}`), CreatedAt: now(), LastUsedAt: now()}
	if err := st.SignUp(ctx, store.SignUp{ID: guest.ID, Username: "ada", Key: players.UsernameKey("ada"), Passkey: &key, At: now()}); err != nil {
		t.Fatal(err)
	}
	acct := players.Player{ID: guest.ID, Username: "ada"}
	if keys, err := k.List(ctx, acct.ID); err != nil || len(keys) != 1 || keys[0].ID != "AQID" || keys[0].Name != "phone" {
		t.Errorf("list: got %+v, %v; want the phone's passkey", keys, err)
	}
	if err := k.Delete(ctx, acct, key.ID); !errors.Is(err, players.ErrLastCredential) {
		t.Errorf("deleting the last way in: got %v, want ErrLastCredential", err)
	}
	accounts := players.Accounts{Store: st, Now: now}
	other, err := accounts.SignUp(ctx, mustGuest(t, st, now), "grace", "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if keys, err := k.List(ctx, other.ID); err != nil || keys == nil || len(keys) != 0 {
		t.Errorf("list of an account without passkeys: got %#v, %v; want []", keys, err)
	}
	if err := k.Delete(ctx, other, key.ID); !errors.Is(err, players.ErrNoPasskey) || players.Code(err) != "not_found" {
		t.Errorf("deleting another's passkey: got %v, want ErrNoPasskey", err)
	}
}

// mustGuest makes another guest.
func mustGuest(t *testing.T, st store.Store, now func() time.Time) players.Player {
	t.Helper()
	p, _, _, err := players.Sessions{Store: st, Now: now, Log: slog.New(slog.DiscardHandler)}.NewGuest(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return p
}
