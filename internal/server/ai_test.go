package server_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// failFirstAIMove is a store whose first commit of an AI move fails, as
// on a full disk.
type failFirstAIMove struct {
	store.Store
	failed atomic.Bool
}

func (f *failFirstAIMove) Update(ctx context.Context, u store.Update) error {
	if len(u.Append) == 1 && u.Append[0].Player == 1 && f.failed.CompareAndSwap(false, true) {
		return errors.New("test: database or disk is full")
	}
	return f.Store.Update(ctx, u)
}

// metricsText reads the server's /metrics.
func (e *env) metricsText() string {
	e.t.Helper()
	resp, err := http.Get(e.url + "/metrics")
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// TestAIMoveRetriedAfterFailedCommit fails the commit of the AI's move
// once: the job stays in the store and the move is played on retry.
func TestAIMoveRetriedAfterFailedCommit(t *testing.T) {
	t.Parallel()
	var fs *failFirstAIMove
	e := newEnv(t, func(c *server.Config) {
		fs = &failFirstAIMove{Store: c.Store}
		c.Store, c.Mover, c.AIRetry = fs, &scripted{}, 20*time.Millisecond
	})
	c := e.create(vsAI(3))
	if st, _, msg := e.play(c.ID, c.Seats[0].Token, "b2", 0); st != 200 {
		t.Fatalf("got %d %s", st, msg)
	}
	v := e.waitView(c.ID, func(v view) bool { return len(v.Moves) == 2 })
	if !fs.failed.Load() || v.Moves[1] != "a1" || v.ToAct != 0 {
		t.Errorf("got failed %v and %+v, want one failed commit, then the AI's a1", fs.failed.Load(), v)
	}
	// The job's outcome is counted just after the view is published.
	e.waitMetrics(`plateau_ai_jobs_total{outcome="retry"} 1`, `plateau_ai_jobs_total{outcome="played"} 1`,
		`plateau_moves_total{by="ai"} 1`)
}

// waitMetrics polls /metrics until it holds every line of want, or
// fails after a minute.
func (e *env) waitMetrics(want ...string) {
	e.t.Helper()
	deadline := time.Now().Add(3 * time.Minute) // a guard against a hang, not a timing
	for {
		m := e.metricsText()
		missing := ""
		for _, w := range want {
			if !strings.Contains(m, w+"\n") {
				missing = w
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("metrics: want %q in\n%s", missing, m)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// gated is a Mover whose searches wait until the test opens the gate,
// counting how many run at once and in which order games come.
type gated struct {
	open    chan struct{}
	running atomic.Int64
	most    atomic.Int64
	mu      sync.Mutex
	order   []string
}

func (g *gated) Move(ctx context.Context, _ string, s game.State, _ int) (game.Move, error) {
	n := g.running.Add(1)
	defer g.running.Add(-1)
	for m := g.most.Load(); n > m && !g.most.CompareAndSwap(m, n); m = g.most.Load() {
	}
	g.mu.Lock()
	g.order = append(g.order, s.String())
	g.mu.Unlock()
	select {
	case <-g.open:
	case <-ctx.Done():
	}
	return s.Moves(nil)[0], nil
}

// owingGames stores n games whose AI seat (the first) is to move, due
// one millisecond apart, as a server restarting would find them.
func owingGames(t *testing.T, path string, n int) []string {
	t.Helper()
	st, err := store.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	at := time.Now().Add(-time.Hour)
	var ids []string
	for i := range n {
		g := store.Game{ID: fmt.Sprintf("owe%04d", i), Game: "tictactoe", Start: startOf(i % 72),
			Seats:  [2]store.Seat{{Kind: store.AI, Level: 1}, {Kind: store.Human, TokenHash: []byte("x")}},
			Result: store.Ongoing, DrawOffer: store.NoOffer, Version: 1, AIToAct: true,
			CreatedAt: at.Add(time.Duration(i) * time.Millisecond), UpdatedAt: at}
		if err := st.Create(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	return ids
}

// TestAIPoolBound restarts a server on 300 games owing an AI move: it
// loads none of them to start, runs exactly as many searches as it has
// workers while the others wait in the store, and plays them all.
func TestAIPoolBound(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "owing.db")
	// 300 owed moves keep three workers busy throughout; the count is
	// no more, so that the test ends well within waitMetrics's guard
	// under -race on a loaded machine.
	ids := owingGames(t, path, 300)
	const workers = 3
	g := &gated{open: make(chan struct{})}
	e := newEnvOn(t, path, func(c *server.Config) { c.Mover, c.AIWorkers = g, workers })
	deadline := time.Now().Add(20 * time.Second)
	for g.running.Load() < workers && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	m := e.metricsText()
	for _, want := range []string{"plateau_games_loaded 3", "plateau_ai_searches 3", "plateau_ai_workers 3"} {
		if !strings.Contains(m, want+"\n") {
			t.Errorf("with every worker busy: want %q in the metrics", want)
		}
	}
	close(g.open)
	e.waitMetrics(`plateau_ai_jobs_total{outcome="played"} 300`)
	for _, id := range []string{ids[0], ids[150], ids[299]} {
		if v := e.view(id); len(v.Moves) != 1 || v.Movers[0] != 0 {
			t.Errorf("game %s: got %+v, want the AI's move", id, v)
		}
	}
	if most := g.most.Load(); most != workers {
		t.Errorf("got %d searches at once, want at most (and, with 300 queued, exactly) %d", most, workers)
	}
}

// TestAIQueueIsFIFO checks that the AI moves owed are answered in the
// order they became due, with one worker.
func TestAIQueueIsFIFO(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "fifo.db")
	ids := owingGames(t, path, 20)
	g := &gated{open: make(chan struct{})}
	close(g.open)
	e := newEnvOn(t, path, func(c *server.Config) { c.Mover, c.AIWorkers = g, 1 })
	e.waitView(ids[len(ids)-1], func(v view) bool { return len(v.Moves) == 1 })
	var want []string
	for i := range ids {
		want = append(want, startOf(i))
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if got := strings.Join(g.order, " | "); got != strings.Join(want, " | ") {
		t.Errorf("got the games in order\n%s\nwant\n%s", got, strings.Join(want, " | "))
	}
}

// startOf returns the i-th of 72 distinct tic-tac-toe positions, with
// one X and one O, X to move: each game of a queue starts from its own,
// so a Mover, which sees positions only, can tell the games apart.
func startOf(i int) string {
	cells := []byte(".........")
	x := i / 8
	o := i % 8
	if o >= x {
		o++
	}
	cells[x], cells[o] = 'X', 'O'
	st, err := tictactoe.Parse(rows(cells) + " x")
	if err != nil {
		panic(err)
	}
	return st.String()
}

// rows writes nine cells, bottom row first as a1..c1, in the notation's
// rows (top row first, runs of empty squares as digits).
func rows(cells []byte) string {
	var out []string
	for r := 2; r >= 0; r-- {
		var b strings.Builder
		run := 0
		for _, c := range cells[r*3 : r*3+3] {
			if c == '.' {
				run++
				continue
			}
			if run > 0 {
				b.WriteByte(byte('0' + run))
				run = 0
			}
			b.WriteByte(c)
		}
		if run > 0 {
			b.WriteByte(byte('0' + run))
		}
		out = append(out, b.String())
	}
	return strings.Join(out, "/")
}

// outage is a store whose database can be made unreachable, as when
// PostgreSQL restarts: every call fails while down is set.
type outage struct {
	store.Store
	down atomic.Bool
}

var errDown = errors.New("test: connection refused")

func (o *outage) Update(ctx context.Context, u store.Update) error {
	if o.down.Load() {
		return errDown
	}
	return o.Store.Update(ctx, u)
}

func (o *outage) Load(ctx context.Context, id string) (store.Game, error) {
	if o.down.Load() {
		return store.Game{}, errDown
	}
	return o.Store.Load(ctx, id)
}

func (o *outage) ClaimJobs(ctx context.Context, owner string, now time.Time, lease time.Duration, n int) ([]store.Job, error) {
	if o.down.Load() {
		return nil, errDown
	}
	return o.Store.ClaimJobs(ctx, owner, now, lease, n)
}

func (o *outage) RenewJob(ctx context.Context, j store.Job, owner string, until time.Time) error {
	if o.down.Load() {
		return errDown
	}
	return o.Store.RenewJob(ctx, j, owner, until)
}

func (o *outage) ReleaseJob(ctx context.Context, j store.Job, owner string, due time.Time) error {
	if o.down.Load() {
		return errDown
	}
	return o.Store.ReleaseJob(ctx, j, owner, due)
}

// TestAIMoveSurvivesDatabaseOutage loses the database while the AI
// thinks (the audit's D1, case 2): the move cannot be stored, nor its job
// given back, yet once the database is back the lease expires and the
// move is played.
func TestAIMoveSurvivesDatabaseOutage(t *testing.T) {
	t.Parallel()
	var db *outage
	g := &gated{open: make(chan struct{})}
	e := newEnv(t, func(c *server.Config) {
		db = &outage{Store: c.Store}
		c.Store, c.Mover, c.AILease, c.AIRetry = db, g, 300*time.Millisecond, 10*time.Millisecond
	})
	c := e.create(vsAI(3))
	if st, _, msg := e.play(c.ID, c.Seats[0].Token, "b2", 0); st != 200 {
		t.Fatalf("got %d %s", st, msg)
	}
	deadline := time.Now().Add(10 * time.Second)
	for g.running.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	db.down.Store(true)
	close(g.open)
	e.waitMetrics(`plateau_ai_jobs_total{outcome="retry"} 1`)
	db.down.Store(false)
	if v := e.waitView(c.ID, func(v view) bool { return len(v.Moves) == 2 }); v.Movers[1] != 1 {
		t.Errorf("got %+v, want the AI's move after the outage", v)
	}
	if !strings.Contains(e.logs.String(), "AI move not stored") {
		t.Errorf("the failed commit was not logged")
	}
}
