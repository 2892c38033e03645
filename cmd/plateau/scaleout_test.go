package main

import (
	"context"
	"errors"
	"strings"
	"sync"
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
