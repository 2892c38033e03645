package main

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
)

// createTimed creates a hot-seat game between two humans with a time
// control, and plays the given moves in it.
func createTimed(t *testing.T, ctx context.Context, c *apiClient, control string, moves ...string) createdGame {
	t.Helper()
	req := api.CreateRequest{Game: "tictactoe", Local: true, TimeControl: control,
		Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}
	var g createdGame
	if err := c.do(ctx, "POST", "/api/games", req, &g, http.StatusCreated); err != nil {
		t.Fatal(err)
	}
	for i, m := range moves {
		if _, err := c.move(ctx, g.ID, g.Seats[i%2].Token, m, i); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// timeouts are what a timed game must end as, nobody making a move:
// with both first turns played, a loss on time for the player to act;
// with none, an abort. Each is one change: the version grows by one.
var timeouts = []struct {
	moves          []string
	result, reason string
}{
	{[]string{"a1", "b2"}, "second", "time out"},
	{[]string{"a1", "b2", "c3"}, "first", "time out"},
	{nil, "draw", "aborted"},
}

// checkTimeouts waits for the games to end on time and checks each did
// once: its result, its version, and one log line of its end in all the
// servers' logs together.
func checkTimeouts(t *testing.T, ctx context.Context, c *apiClient, games []createdGame, procs ...*proc) {
	t.Helper()
	for i, g := range games {
		tt := timeouts[i]
		v := waitView(t, ctx, c, g.ID, func(v api.View) bool { return v.Result != "ongoing" })
		if v.Result != tt.result || v.Reason != tt.reason || v.Version != int64(len(tt.moves))+2 {
			t.Errorf("game %s: got %s %q version %d, want %s %q version %d", g.ID, v.Result, v.Reason, v.Version,
				tt.result, tt.reason, len(tt.moves)+2)
		}
		// The server that ended it logs after its commit, which the
		// other server may have shown already: wait for the line.
		ended := 0
		for wait := time.Now().Add(5 * time.Second); ended == 0 && time.Now().Before(wait); time.Sleep(20 * time.Millisecond) {
			ended = endedIn(g.ID, procs)
		}
		if ended != 1 {
			t.Errorf("game %s: got %d servers logging its end, want 1", g.ID, ended)
			for _, p := range procs {
				t.Logf("logs:\n%s", p.logs)
			}
		}
	}
}

// endedIn counts the log lines of the servers that say game id ended.
func endedIn(id string, procs []*proc) int {
	n := 0
	for _, p := range procs {
		for _, line := range strings.Split(p.logs.String(), "\n") {
			if strings.Contains(line, `"msg":"game over"`) && strings.Contains(line, `"game":"`+id+`"`) {
				n++
			}
		}
	}
	return n
}

// TestServeClockAfterKill kills a server (SIGKILL) holding timed games
// before their deadlines, and starts another on the same database: the
// deadlines are in the database, so the new process ends the games on
// time by itself, nobody connected, once each.
func TestServeClockAfterKill(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "clock.db")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	a := startServe(t, "--db", db)
	ca := newAPIClient(a.url, 4)
	var games []createdGame
	for _, tt := range timeouts {
		games = append(games, createTimed(t, ctx, ca, "10s+0", tt.moves...))
	}
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	a.cmd.Wait()
	b := startServe(t, "--db", db)
	cb := newAPIClient(b.url, 4)
	for _, g := range games {
		if v, err := cb.view(ctx, g.ID); err != nil || v.Result != "ongoing" {
			t.Fatalf("game %s right after the restart: got %s %v, want ongoing (the deadline is still to come)", g.ID, v.Result, err)
		}
	}
	checkTimeouts(t, ctx, cb, games, a, b)
}

// TestServeClockTwoServers runs two servers on one PostgreSQL database,
// both holding the same timed games in memory: each game ends on time
// once, by one of them.
func TestServeClockTwoServers(t *testing.T) {
	dsn := postgresSchema(t)
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	a := startServe(t, "--db", dsn)
	b := startServe(t, "--db", dsn)
	ca, cb := newAPIClient(a.url, 4), newAPIClient(b.url, 4)
	var games []createdGame
	for _, tt := range timeouts {
		g := createTimed(t, ctx, ca, "10s+0", tt.moves...)
		watchFirst(t, ctx, ca, g.ID)
		watchFirst(t, ctx, cb, g.ID)
		games = append(games, g)
	}
	checkTimeouts(t, ctx, ca, games, a, b)
	for _, g := range games {
		if v := waitView(t, ctx, cb, g.ID, func(v api.View) bool { return v.Result != "ongoing" }); v.Clock == nil || v.Clock.Running != nil {
			t.Errorf("game %s on the other server: got clock %+v, want one stopped", g.ID, v.Clock)
		}
	}
}
