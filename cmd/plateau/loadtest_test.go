package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
)

// startInProcess serves tic-tac-toe from an in-process server.
func startInProcess(t *testing.T) string {
	t.Helper()
	return servertest.Start(t, server.Config{}).URL
}

// TestLoadtest measures a fixed amount of work, not a duration: a run of
// 300ms on a loaded machine sometimes saw no move at all. --moves ends
// the run after 20 round trips; --duration only bounds it.
func TestLoadtest(t *testing.T) {
	t.Parallel()
	url := startInProcess(t)
	out, errOut, st := runCmd(t, "", "loadtest", "--url", url, "--games", "4", "--moves", "20", "--duration", "2m")
	if st != 0 {
		t.Fatalf("got status %d: %s", st, errOut)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^accepted moves: ([2-9]\d|[1-9]\d\d+) \(\d+/s\); rejected: 0; games finished: \d+; failures: 0$`),
		regexp.MustCompile(`(?m)^round trip, move posted to opponent's websocket: p50 \S+ p99 \S+ max \S+ \(([2-9]\d|[1-9]\d\d+) samples\)$`),
	} {
		if !want.MatchString(out) {
			t.Errorf("got %q, want a line matching %s", out, want)
		}
	}
	// A server of its own, so that no socket of the run above, still
	// closing, is counted.
	out, errOut, st = runCmd(t, "", "loadtest", "--url", startInProcess(t), "--idle", "10")
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

// closingServer imitates a server that closes every WebSocket as soon as
// it opens, as one does when it shuts down; it counts the moves posted.
func closingServer(t *testing.T) (url string, moves *atomic.Int64) {
	t.Helper()
	moves = new(atomic.Int64)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/games", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(`{"id":"g1","seats":[{"token":"a"},{"token":"b"}],` +
			`"view":{"moves":[],"legal":["a1"],"toAct":0,"result":"ongoing"}}`))
	})
	mux.HandleFunc("POST /api/games/{id}/moves", func(w http.ResponseWriter, r *http.Request) {
		moves.Add(1)
		w.Write([]byte(`{"moves":["a1"],"legal":["b1"],"toAct":1,"result":"ongoing"}`))
	})
	mux.HandleFunc("GET /api/games/{id}/ws", func(w http.ResponseWriter, r *http.Request) {
		conn, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		conn.Close(websocket.StatusGoingAway, "server closing")
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts.URL, moves
}

// TestLoadtestSocketsClosed runs for an hour unless every table gives up
// on its closed sockets. Before the fix it never returned: each table
// spun on a closed channel at 100% CPU.
func TestLoadtestSocketsClosed(t *testing.T) {
	t.Parallel()
	url, _ := closingServer(t)
	o := loadOpts{url: url, game: "tictactoe", games: 3, duration: time.Hour, timeout: time.Minute}
	res, err := loadtest(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.failures.Load(); got != 3 {
		t.Errorf("got %d failures, want 3, one a table", got)
	}
	for _, msg := range res.firstErrors {
		if !strings.Contains(msg, "websocket closed") {
			t.Errorf("got error %q, want one about the closed websocket", msg)
		}
	}
}

// TestStepClosedSocket checks that a move is not even sent once the
// opponent's socket is known to be closed.
func TestStepClosedSocket(t *testing.T) {
	t.Parallel()
	url, moves := closingServer(t)
	tb := &table{id: "g1", tokens: [2]string{"a", "b"}, timeout: time.Minute,
		last: api.View{Legal: []string{"a1"}, Result: "ongoing"}}
	for p := range tb.seen {
		tb.seen[p] = make(chan int, 4)
		tb.seen[p] <- 0 // a view of an earlier move, then the end
		close(tb.seen[p])
	}
	err := tb.step(context.Background(), newAPIClient(url, 1), &loadResult{})
	if err == nil || !strings.Contains(err.Error(), "websocket closed") {
		t.Errorf("got %v, want an error about the closed websocket", err)
	}
	if n := moves.Load(); n != 0 {
		t.Errorf("got %d moves posted, want 0", n)
	}
}
