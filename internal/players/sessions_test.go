package players_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// TestSessions makes a guest over SQLite, finds it again by its token,
// slides the session's expiry once a day has passed, and knows no
// forged token.
func TestSessions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "sessions.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	s := players.Sessions{Store: st, Now: func() time.Time { return now }, Log: slog.New(slog.DiscardHandler)}
	guest, token, expires, err := s.NewGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !guest.Guest || guest.Name == "" || !expires.Equal(now.Add(players.SessionTTL)) {
		t.Errorf("new guest: got %+v expiring %v, want a named guest expiring %v", guest, expires, now.Add(players.SessionTTL))
	}
	for _, tc := range []struct {
		name    string
		later   time.Duration
		token   string
		ok      bool
		renewed time.Time
	}{
		{"at once", 0, token, true, time.Time{}},
		{"an hour later", time.Hour, token, true, time.Time{}},
		{"two days later", 48 * time.Hour, token, true, now.Add(48*time.Hour + players.SessionTTL)},
		{"forged", 48 * time.Hour, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", false, time.Time{}},
	} {
		s.Now = func() time.Time { return now.Add(tc.later) }
		p, ok, renewed, err := s.Player(ctx, tc.token)
		if err != nil || ok != tc.ok || !renewed.Equal(tc.renewed) || (ok && p.ID != guest.ID) {
			t.Errorf("%s: got %s %v renewed %v (%v), want %s %v renewed %v", tc.name, p.ID, ok, renewed, err, guest.ID, tc.ok, tc.renewed)
		}
	}
}
