package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// startInProcess serves tic-tac-toe from an in-process server.
func startInProcess(t *testing.T) string {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lt.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Registry: game.NewRegistry(tictactoe.Game()), Store: st})
	if err != nil {
		t.Fatal(err)
	}
	srv.Start(context.Background())
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
		st.Close()
	})
	return ts.URL
}

func TestLoadtest(t *testing.T) {
	t.Parallel()
	url := startInProcess(t)
	out, errOut, st := runCmd(t, "", "loadtest", "--url", url, "--games", "4", "--duration", "300ms")
	if st != 0 {
		t.Fatalf("got status %d: %s", st, errOut)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^accepted moves: [1-9]\d* \(\d+/s\); rejected: 0; games finished: \d+; failures: 0$`),
		regexp.MustCompile(`(?m)^round trip, move posted to opponent's websocket: p50 \S+ p99 \S+ max \S+ \([1-9]\d* samples\)$`),
	} {
		if !want.MatchString(out) {
			t.Errorf("got %q, want a line matching %s", out, want)
		}
	}
	out, errOut, st = runCmd(t, "", "loadtest", "--url", url, "--idle", "10")
	if st != 0 || !strings.Contains(out, "idle websockets: 10 open (server counts 10)") || !strings.Contains(out, "KiB per connection") {
		t.Errorf("idle: got %d %q %q", st, out, errOut)
	}
}

func TestLoadtestNoServer(t *testing.T) {
	t.Parallel()
	_, errOut, st := runCmd(t, "", "loadtest", "--url", "http://127.0.0.1:1", "--games", "1", "--duration", "10ms")
	if st != exitBadInput || !strings.Contains(errOut, "plateau:") {
		t.Errorf("got %d %q, want a one-line error", st, errOut)
	}
}
