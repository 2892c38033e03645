package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// TestBackupWhileWriting backs up a SQLite database while games are
// being created and played in it: the copy opens, holds games, and every
// game in it loads whole.
func TestBackupWhileWriting(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	st, err := store.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var written atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; ctx.Err() == nil; i++ {
			id := fmt.Sprintf("g%05d", i)
			now := time.Now()
			g := store.Game{ID: id, Game: "tictactoe", Start: "3/3/3 x", Result: store.Ongoing, DrawOffer: store.NoOffer,
				Version: 1, CreatedAt: now, UpdatedAt: now,
				Seats: [2]store.Seat{{Kind: store.Human, TokenHash: make([]byte, 32)}, {Kind: store.AI, Level: 1}}}
			if st.Create(ctx, g) != nil {
				return
			}
			u := store.Update{ID: id, Version: 1, Result: store.Ongoing, DrawOffer: store.NoOffer, At: now,
				Append: []store.Move{{Text: "b2", Player: 0}, {Text: "a1", Player: 1}}}
			if st.Update(ctx, u) != nil {
				return
			}
			written.Add(1)
		}
	}()
	for written.Load() < 20 { // a few games before, the rest during
		time.Sleep(time.Millisecond)
	}
	out := filepath.Join(dir, "copy.db")
	stdout, stderr, status := runCmd(t, "", "backup", "--db", db, out)
	cancel()
	<-done
	if status != 0 || !strings.Contains(stdout, "games backed up") {
		t.Fatalf("backup: got status %d, %q %q", status, stdout, stderr)
	}
	cp, err := store.Open(context.Background(), out, nil)
	if err != nil {
		t.Fatalf("open the copy: %v", err)
	}
	defer cp.Close()
	games, err := cp.List(context.Background(), store.Filter{Limit: 100000})
	if err != nil || len(games) < 20 {
		t.Fatalf("the copy: got %d games, %v, want at least 20", len(games), err)
	}
	for _, sm := range games {
		g, err := cp.Load(context.Background(), sm.ID)
		if err != nil || len(g.Moves) != sm.Plies {
			t.Errorf("game %s in the copy: got %v, %d moves, want %d", sm.ID, err, len(g.Moves), sm.Plies)
		}
	}
	t.Logf("%d games in the copy, %d written in all", len(games), written.Load())
}

func TestBackupErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "p.db")
	st, err := store.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"backup", "--db", db}, "takes one argument"},
		{[]string{"backup", "--db", filepath.Join(dir, "missing.db"), filepath.Join(dir, "x.db")}, "no such file"},
		{[]string{"backup", "--db", db, db}, "backup file exists"},
		{[]string{"backup", "--db", "postgres://u:secret@db/plateau", "out.dump"}, "pg_dump --format=custom --file=out.dump"},
	} {
		_, stderr, status := runCmd(t, "", tc.args...)
		if status == 0 || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "secret") {
			t.Errorf("%v: got status %d, %q, want an error with %q and no password", tc.args, status, stderr, tc.want)
		}
	}
}
