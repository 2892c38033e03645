package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/store"
)

// TestAdminRole: plateau admin gives and takes a role on the database,
// and refuses an unknown role or player without changing anything.
func TestAdminRole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plateau.db")
	ctx := context.Background()
	st, err := store.Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	p := store.Player{ID: "p1", Name: "Mona", Kind: store.PlayerGuest, JoinedAt: now, UpdatedAt: now}
	if err := st.CreateGuest(ctx, p, store.Session{TokenHash: []byte("h"), PlayerID: "p1", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, tc := range []struct {
		args []string
		code int
		want moderation.Role
	}{
		{[]string{"p1", "emperor"}, exitBadInput, moderation.NoRole},
		{[]string{"nobody", "moderator"}, exitBadInput, moderation.NoRole},
		{[]string{"p1", "moderator"}, exitOK, moderation.Moderator},
		{[]string{"p1", "admin"}, exitOK, moderation.Admin},
		{[]string{"p1", "none"}, exitOK, moderation.NoRole},
	} {
		_, stderr, code := runCmd(t, "", append([]string{"admin", "--db", path, "role"}, tc.args...)...)
		st, err := store.Open(ctx, path, nil)
		if err != nil {
			t.Fatal(err)
		}
		role, err := st.(store.Moderation).RoleOf(ctx, "p1")
		st.Close()
		if code != tc.code || role != tc.want || err != nil {
			t.Errorf("admin role %v: got %d %q (%s), want %d %q", tc.args, code, role, stderr, tc.code, tc.want)
		}
	}
}
