package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/netip"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// sharingOf returns the ids of the accounts the moderator mod is shown
// as sharing addresses with player.
func sharingOf(t *testing.T, e *env, mod *visitor, player string) []string {
	t.Helper()
	var hist api.ModHistory
	if st := mod.call(e, "GET", "/api/mod/players/"+player, nil, &hist); st != http.StatusOK {
		t.Fatalf("history of %s: got %d", player, st)
	}
	ids := []string{}
	for _, sh := range hist.Sharing {
		ids = append(ids, sh.Player.ID)
	}
	slices.Sort(ids)
	return ids
}

// account signs p up (from its address) as name and returns its id.
func account(t *testing.T, e *env, p *visitor, name string) string {
	t.Helper()
	p.join(e)
	if st := p.call(e, "POST", "/api/account/signup", api.Credentials{Username: name, Password: "correct horse battery"}, nil); st != http.StatusOK {
		t.Fatalf("sign up %s: got %d", name, st)
	}
	return p.id(e)
}

// TestAccountsSharingAddresses: accounts that logged in from one
// address (behind the trusted proxy) appear in each other's history,
// one from another address does not, a player cannot read it, the
// database keeps no address, and 30 days later they are forgotten.
func TestAccountsSharingAddresses(t *testing.T) {
	t.Parallel()
	testAccountsSharing(t, filepath.Join(t.TempDir(), "test.db"))
}

// TestAccountsSharingAddressesPostgres is TestAccountsSharingAddresses
// on PostgreSQL.
func TestAccountsSharingAddressesPostgres(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	testAccountsSharing(t, storetest.FreshSchema(t, dsn, "sharing"))
}

func testAccountsSharing(t *testing.T, path string) {
	clock := newFakeClock()
	e := newEnvOn(t, path, func(cfg *server.Config) {
		withPage(cfg)
		cfg.Clock, cfg.Now = clock, clock.Now
		cfg.Limits.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	st, err := store.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ms := st.(store.Moderation)
	ann, bea, carl, mod := newPerson(t), newPerson(t), newPerson(t), newPerson(t).join(e)
	ann.from, bea.from, carl.from = "203.0.113.7", "198.51.100.1", "198.51.100.9"
	annID, carlID := account(t, e, ann, "Ann"), account(t, e, carl, "Carl")
	beaID := account(t, e, bea, "Bea")
	bea.from = "203.0.113.7" // Bea logs in again from Ann's address
	if s := bea.call(e, "POST", "/api/account/login", api.Credentials{Username: "Bea", Password: "correct horse battery"}, nil); s != http.StatusOK {
		t.Fatalf("log in: got %d", s)
	}
	if s := mod.call(e, "GET", "/api/mod/players/"+annID, nil, nil); s != http.StatusForbidden {
		t.Errorf("history read by a player: got %d, want 403", s)
	}
	if err := ms.SetRole(context.Background(), mod.id(e), moderation.Moderator, "test", clock.Now()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		player string
		want   []string
	}{{annID, []string{beaID}}, {beaID, []string{annID}}, {carlID, []string{}}} {
		if got := sharingOf(t, e, mod, tc.player); !slices.Equal(got, tc.want) {
			t.Errorf("sharing with %s: got %v, want %v", tc.player, got, tc.want)
		}
	}
	assertNoAddress(t, st, annID, "203.0.113.7")
	clock.add(moderation.AddressRetention - 24*time.Hour)
	mod.id(e) // the moderator's session slides; the accounts' logins do not
	clock.add(25 * time.Hour)
	if got := sharingOf(t, e, mod, annID); len(got) != 0 {
		t.Errorf("after 30 days: got %v, want nobody", got)
	}
}

// assertNoAddress fails unless player's data export lists their one
// address row, without the address nor its hash.
func assertNoAddress(t *testing.T, st store.Store, player, addr string) {
	t.Helper()
	ex, err := st.(store.PersonalData).ExportPlayer(context.Background(), player)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(ex)
	if rows := ex["player_addresses"]; len(rows) != 1 || rows[0]["addr_hash"] != nil || strings.Contains(string(data), addr) {
		t.Errorf("export: got %v, want one row with no address nor hash", rows)
	}
}
