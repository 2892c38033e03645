package main

import (
	"context"
	"errors"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// postgresSchema returns PLATEAU_TEST_POSTGRES pointed at a new schema of
// its own (dropped after the test); without it, see storetest.PostgresDSN.
func postgresSchema(t *testing.T) string {
	t.Helper()
	return storetest.FreshSchema(t, storetest.PostgresDSN(t), "scaleout")
}

// TestServeScaleOut runs two servers on one PostgreSQL database: a move
// made through either reaches the WebSockets of both, and of two moves
// racing for the same turn through different servers exactly one lands.
func TestServeScaleOut(t *testing.T) {
	dsn := postgresSchema(t)
	t.Parallel()
	a := startServe(t, "--db", dsn, "--ai-delay", "0s")
	b := startServe(t, "--db", dsn, "--ai-delay", "0s")
	ca, cb := newAPIClient(a.url, 16), newAPIClient(b.url, 16)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	g, err := ca.create(ctx, "tictactoe", true, "human", "human")
	if err != nil {
		t.Fatal(err)
	}
	wa, wb := watchFirst(t, ctx, ca, g.ID), watchFirst(t, ctx, cb, g.ID)
	if _, err := ca.move(ctx, g.ID, g.Seats[0].Token, "b2", 0); err != nil {
		t.Fatal(err)
	}
	waitMoves(t, ctx, wb, 1, "a move through A on B's socket")
	if _, err := cb.move(ctx, g.ID, g.Seats[1].Token, "a1", 1); err != nil {
		t.Fatal(err)
	}
	waitMoves(t, ctx, wa, 2, "a move through B on A's socket")

	raceTurns(t, ctx, ca, cb)
	aiAcross(t, ctx, ca, cb)
}

func watchFirst(t *testing.T, ctx context.Context, c *apiClient, id string) *websocket.Conn {
	t.Helper()
	conn, err := c.watch(ctx, id, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	if _, err := readView(ctx, conn); err != nil {
		t.Fatal(err)
	}
	return conn
}

func waitMoves(t *testing.T, ctx context.Context, conn *websocket.Conn, n int, what string) api.View {
	t.Helper()
	for {
		v, err := readView(ctx, conn)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if len(v.Moves) >= n {
			return v
		}
	}
}

// raceTurns posts two different moves for the same turn, one through
// each server, at the same moment, many times.
func raceTurns(t *testing.T, ctx context.Context, ca, cb *apiClient) {
	t.Helper()
	wins := 0
	for round := range 10 {
		g, err := ca.create(ctx, "tictactoe", true, "human", "human")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cb.view(ctx, g.ID); err != nil { // B holds the game too
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, c := range []*apiClient{ca, cb} {
			wg.Go(func() { _, errs[i] = c.move(ctx, g.ID, g.Seats[0].Token, []string{"a1", "c3"}[i], 0) })
		}
		wg.Wait()
		var se *statusError
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.As(err, &se) && se.status == 409:
			default:
				t.Errorf("round %d: %v", round, err)
			}
		}
		if ok != 1 {
			t.Errorf("round %d: got %d moves accepted for one turn, want 1 (%v)", round, ok, errs)
		}
		wins += ok
		va, _ := ca.view(ctx, g.ID)
		vb := waitView(t, ctx, cb, g.ID, func(v api.View) bool { return len(v.Moves) > 0 })
		if strings.Join(va.Moves, " ") != strings.Join(vb.Moves, " ") || len(va.Moves) != 1 {
			t.Errorf("round %d: the servers disagree: %v and %v", round, va.Moves, vb.Moves)
		}
	}
	t.Logf("%d racing rounds, one move accepted each", wins)
}

func waitView(t *testing.T, ctx context.Context, c *apiClient, id string, cond func(api.View) bool) api.View {
	t.Helper()
	for {
		v, err := c.view(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if cond(v) {
			return v
		}
		select {
		case <-ctx.Done():
			t.Fatalf("game %s: condition not met: %+v", id, v)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// aiAcross plays a human move through B in a game created on A; the AI
// answer must reach A's watchers.
func aiAcross(t *testing.T, ctx context.Context, ca, cb *apiClient) {
	t.Helper()
	g, err := ca.create(ctx, "tictactoe", false, "human", "ai:2")
	if err != nil {
		t.Fatal(err)
	}
	wa := watchFirst(t, ctx, ca, g.ID)
	if _, err := cb.move(ctx, g.ID, g.Seats[0].Token, "b2", 0); err != nil {
		t.Fatal(err)
	}
	if v := waitMoves(t, ctx, wa, 2, "the AI's answer on A's socket"); v.ToAct != 0 {
		t.Errorf("got %+v, want the human to act after the AI", v)
	}
}

// waitMetric polls a server's /metrics until the unlabelled metric name
// reaches at least want.
func waitMetric(t *testing.T, ctx context.Context, c *apiClient, name string, want float64) {
	t.Helper()
	for {
		m, err := c.metrics(ctx)
		if err == nil && m[name] >= want {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s never reached %v (last: %v, %v)", name, want, m[name], err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// aiOwed creates a game against the AI through c and plays the human's
// first move, so that the AI owes the next one.
func aiOwed(t *testing.T, ctx context.Context, c *apiClient) createdGame {
	t.Helper()
	g, err := c.create(ctx, "tictactoe", false, "human", "ai:2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.move(ctx, g.ID, g.Seats[0].Token, "b2", 0); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestServeAITakeover kills, with SIGKILL, the server that is thinking
// for an AI seat while another server runs on the same database: the
// other one takes the move over once the lease expires, and plays it.
func TestServeAITakeover(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills real servers; runs without -short")
	}
	dsn := postgresSchema(t)
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	// A "thinks" for a minute: its answer waits for the least delay,
	// while A renews its lease.
	a := startServe(t, "--db", dsn, "--ai-delay", "60s", "--ai-lease", "3s")
	ca := newAPIClient(a.url, 4)
	g := aiOwed(t, ctx, ca)
	waitMetric(t, ctx, ca, "plateau_ai_queue_wait_seconds_count", 1)
	b := startServe(t, "--db", dsn, "--ai-delay", "0s", "--ai-lease", "3s")
	cb := newAPIClient(b.url, 4)
	if v, err := cb.view(ctx, g.ID); err != nil || len(v.Moves) != 1 || !v.AIThinking {
		t.Fatalf("before the kill: got %+v %v, want the AI to move", v, err)
	}
	a.cmd.Process.Signal(syscall.SIGKILL)
	a.cmd.Wait()
	v := waitView(t, ctx, cb, g.ID, func(v api.View) bool { return len(v.Moves) == 2 })
	if v.ToAct != 0 || v.AIThinking {
		t.Errorf("got %+v, want the AI's move, then the human to act", v)
	}
	if m, err := cb.metrics(ctx); err != nil || m[`plateau_ai_jobs_total{outcome="played"}`] != 1 {
		t.Errorf("got B's played AI jobs %v (%v), want 1: B must be the one that played", m[`plateau_ai_jobs_total{outcome="played"}`], err)
	}
}

// TestServeRestartWithAIToMove stops the only server, on PostgreSQL,
// while the AI thinks (the audit's D1, case 1): the restarted server
// plays the move.
func TestServeRestartWithAIToMove(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and stops real servers; runs without -short")
	}
	dsn := postgresSchema(t)
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	first := startServe(t, "--db", dsn, "--ai-delay", "60s")
	c := newAPIClient(first.url, 4)
	g := aiOwed(t, ctx, c)
	waitMetric(t, ctx, c, "plateau_ai_queue_wait_seconds_count", 1)
	first.cmd.Process.Signal(syscall.SIGTERM)
	if err := first.cmd.Wait(); err != nil {
		t.Fatalf("the first server did not stop cleanly: %v\n%s", err, first.logs)
	}
	second := startServe(t, "--db", dsn, "--ai-delay", "0s")
	c = newAPIClient(second.url, 4)
	if v := waitView(t, ctx, c, g.ID, func(v api.View) bool { return len(v.Moves) == 2 }); v.ToAct != 0 {
		t.Errorf("got %+v, want the AI's move, then the human to act", v)
	}
}
