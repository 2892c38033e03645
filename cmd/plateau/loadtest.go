package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/api"
)

type loadOpts struct {
	url, game      string
	key            string // an API key: the games are its player's
	games, idle    int
	moves          int // stop after this many round trips; 0: run for duration
	duration       time.Duration
	think, timeout time.Duration
}

func cmdLoadtest(e *env, args []string) int {
	fs := newFlags(e, "loadtest", "[FLAGS]", `
Load a running "plateau serve": create N games between two humans and play
random legal moves in all of them at once, as real clients over HTTP and
WebSocket (one socket per player). Finished games are replaced by new
ones. Prints the accepted moves per second and the round trip from
posting a move to the opponent's WebSocket receiving it (p50, p99, max).
Only use it against a server of your own: it sends requests as fast as
the server answers them, for the given duration. Start that server with
--limits-exempt naming this machine's address (or --limits off): its
per-client limits would refuse a load test's games and moves.`)
	var o loadOpts
	fs.StringVar(&o.url, "url", "http://127.0.0.1:8080", "server base URL")
	fs.StringVar(&o.game, "game", "", "game id to play (default: the server's first game)")
	fs.IntVar(&o.games, "games", 100, "concurrent games")
	fs.DurationVar(&o.duration, "duration", 30*time.Second, "measuring time, after every game is set up")
	fs.IntVar(&o.moves, "moves", 0, "stop sooner, once this many moves have reached the opponent's WebSocket (0: no such limit)")
	fs.DurationVar(&o.think, "think", 0, "each player's mean pause before moving (uniform from half to 1.5 times)")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Second, "longest wait for one answer")
	fs.IntVar(&o.idle, "idle", 0, "instead: open this many idle WebSockets and report the server's memory per connection")
	fs.StringVar(&o.key, "api-key", e.getenv("PLATEAU_API_KEY"), "play as the player of this API key (default $PLATEAU_API_KEY; none: seat tokens)")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	if o.games < 1 || o.games > 20000 || o.duration <= 0 || o.moves < 0 {
		return fail(e, fmt.Errorf("plateau: bad --games, --duration or --moves: want 1-20000 games, a positive duration and moves >= 0"))
	}
	if o.idle > 0 {
		return idleTest(e, o)
	}
	res, err := loadtest(context.Background(), o)
	if err != nil {
		return fail(e, err)
	}
	res.print(e, o)
	return exitOK
}

// loadResult is what a load test measured.
type loadResult struct {
	game        string
	setup       time.Duration
	elapsed     time.Duration
	accepted    atomic.Int64
	rejected    atomic.Int64
	finished    atomic.Int64
	failures    atomic.Int64
	mu          sync.Mutex
	roundTrips  []time.Duration
	firstErrors []string
	want        int                // round trips that end the run; 0: no limit
	stop        context.CancelFunc // ends the run
}

// record adds a round trip and ends the run once there are as many as
// asked for: a test then measures a fixed amount of work, however slow
// the machine.
func (r *loadResult) record(d time.Duration) {
	r.mu.Lock()
	r.roundTrips = append(r.roundTrips, d)
	enough := r.want > 0 && len(r.roundTrips) >= r.want
	r.mu.Unlock()
	if enough {
		r.stop()
	}
}

func (r *loadResult) fail(err error) {
	r.failures.Add(1)
	r.mu.Lock()
	if len(r.firstErrors) < 5 {
		r.firstErrors = append(r.firstErrors, err.Error())
	}
	r.mu.Unlock()
}

func (r *loadResult) print(e *env, o loadOpts) {
	rt := slices.Clone(r.roundTrips)
	slices.Sort(rt)
	pct := func(p float64) time.Duration {
		if len(rt) == 0 {
			return 0
		}
		return rt[min(len(rt)-1, int(p*float64(len(rt))))]
	}
	sec := r.elapsed.Seconds()
	fmt.Fprintf(e.stdout, "loadtest: %d games of %s against %s, think %v; setup %v, measured %.1fs\n",
		o.games, r.game, o.url, o.think, r.setup.Round(time.Millisecond), sec)
	fmt.Fprintf(e.stdout, "accepted moves: %d (%.0f/s); rejected: %d; games finished: %d; failures: %d\n",
		r.accepted.Load(), float64(r.accepted.Load())/sec, r.rejected.Load(), r.finished.Load(), r.failures.Load())
	fmt.Fprintf(e.stdout, "round trip, move posted to opponent's websocket: p50 %v p99 %v max %v (%d samples)\n",
		pct(0.50).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond), len(rt))
	for _, msg := range r.firstErrors {
		fmt.Fprintf(e.stdout, "error: %s\n", msg)
	}
}

func loadtest(ctx context.Context, o loadOpts) (*loadResult, error) {
	c := newAPIClient(o.url, 2*o.games)
	c.key = o.key
	res := &loadResult{game: o.game}
	if res.game == "" {
		g, err := c.catalogFirst(ctx)
		if err != nil {
			return nil, err
		}
		res.game = g
	}
	start := time.Now()
	tables := make([]*table, o.games)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	sem := make(chan struct{}, 50) // a burst of 1,000 dials helps no one
	for i := range tables {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			t, err := newTable(ctx, c, res.game, o.timeout)
			if err != nil {
				setupErr.Store(err)
				return
			}
			tables[i] = t
		})
	}
	wg.Wait()
	if err, ok := setupErr.Load().(error); ok {
		for _, t := range tables {
			t.close()
		}
		return nil, setupError(err)
	}
	res.setup = time.Since(start)
	run, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	res.want, res.stop = o.moves, cancel
	start = time.Now()
	for _, t := range tables {
		wg.Go(func() { t.play(run, c, res, o) })
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res, nil
}

// idleTest opens o.idle WebSockets that only watch (spread over games of
// 100 watchers each) and compares the server's memory before and after.
func idleTest(e *env, o loadOpts) int {
	ctx := context.Background()
	c := newAPIClient(o.url, 64)
	game := o.game
	if game == "" {
		var err error
		if game, err = c.catalogFirst(ctx); err != nil {
			return fail(e, err)
		}
	}
	var ids []string
	for range (o.idle + 99) / 100 {
		g, err := c.create(ctx, game, true, "human", "human")
		if err != nil {
			return fail(e, err)
		}
		ids = append(ids, g.ID)
	}
	time.Sleep(2 * time.Second) // let the server's heap settle
	before, err := c.metrics(ctx)
	if err != nil {
		return fail(e, err)
	}
	conns := make([]*websocket.Conn, 0, o.idle)
	defer func() {
		for _, conn := range conns {
			conn.CloseNow()
		}
	}()
	for i := range o.idle {
		conn, err := c.watch(ctx, ids[i/100], "")
		if err != nil {
			return fail(e, fmt.Errorf("plateau: websocket %d: %w", i, err))
		}
		if _, err := readView(ctx, conn); err != nil {
			return fail(e, err)
		}
		conns = append(conns, conn)
	}
	time.Sleep(2 * time.Second)
	after, err := c.metrics(ctx)
	if err != nil {
		return fail(e, err)
	}
	n := float64(o.idle)
	fmt.Fprintf(e.stdout, "idle websockets: %d open (server counts %.0f)\n", o.idle, after["plateau_websocket_clients"])
	for _, m := range []string{"process_resident_memory_bytes", "go_memstats_heap_alloc_bytes"} {
		d := after[m] - before[m]
		fmt.Fprintf(e.stdout, "%s: %+.1f MiB, %.1f KiB per connection\n", m, d/(1<<20), d/n/1024)
	}
	d := after["go_goroutines"] - before["go_goroutines"]
	fmt.Fprintf(e.stdout, "goroutines: %+.0f, %.2f per connection\n", d, d/n)
	return exitOK
}

// table is one game with its two players' sockets.
type table struct {
	id      string
	tokens  [2]string
	conns   [2]*websocket.Conn
	seen    [2]chan int // move counts each player's socket received
	last    api.View
	timeout time.Duration
}

func newTable(ctx context.Context, c *apiClient, gameID string, timeout time.Duration) (*table, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	g, err := c.create(ctx, gameID, true, "human", "human")
	if err != nil {
		return nil, err
	}
	t := &table{id: g.ID, last: g.View, timeout: timeout}
	for p := range 2 {
		t.tokens[p] = g.Seats[p].Token
		conn, err := c.watch(context.WithoutCancel(ctx), g.ID, t.tokens[p])
		if err != nil {
			t.close()
			return nil, err
		}
		conn.SetReadLimit(1 << 20)
		t.conns[p], t.seen[p] = conn, make(chan int, 64)
		go t.listen(conn, t.seen[p])
	}
	return t, nil
}

// listen passes on the move count of every view a socket receives.
func (t *table) listen(conn *websocket.Conn, seen chan<- int) {
	defer close(seen)
	for {
		v, err := readView(context.Background(), conn)
		if err != nil {
			return
		}
		select {
		case seen <- len(v.Moves):
		default: // the player is not waiting; it reads the view by HTTP
		}
	}
}

func (t *table) close() {
	if t == nil {
		return
	}
	for _, c := range t.conns {
		if c != nil {
			c.Close(websocket.StatusNormalClosure, "")
		}
	}
}

// play moves for whichever player is to act until ctx ends, replacing
// the game by a new one when it finishes.
func (t *table) play(ctx context.Context, c *apiClient, res *loadResult, o loadOpts) {
	defer func() { t.close() }()
	for ctx.Err() == nil {
		if t.last.Result != "ongoing" || len(t.last.Legal) == 0 {
			res.finished.Add(1)
			t.close()
			nt, err := newTable(ctx, c, res.game, o.timeout)
			if err != nil {
				if ctx.Err() == nil {
					res.fail(err)
				}
				return
			}
			*t = *nt
			continue
		}
		if o.think > 0 {
			// Jitter, so that a thousand players do not move in step.
			pause := time.Duration(float64(o.think) * (0.5 + rand.Float64()))
			select {
			case <-time.After(pause):
			case <-ctx.Done():
				return
			}
		}
		if err := t.step(ctx, c, res); err != nil && ctx.Err() == nil {
			res.fail(err)
			return
		}
	}
}

// step plays one random legal move and times its arrival on the
// opponent's socket.
func (t *table) step(ctx context.Context, c *apiClient, res *loadResult) error {
	p, n := t.last.ToAct, len(t.last.Moves)
	mv := t.last.Legal[rand.IntN(len(t.last.Legal))]
	opp := t.seen[1-p]
	if err := t.drain(opp); err != nil {
		return err
	}
	rctx, cancel := context.WithTimeout(ctx, t.timeout)
	defer cancel()
	start := time.Now()
	v, err := c.move(rctx, t.id, t.tokens[p], mv, n)
	var se *statusError
	if errors.As(err, &se) {
		res.rejected.Add(1)
		t.last, err = c.view(rctx, t.id)
		return err
	}
	if err != nil {
		return err
	}
	res.accepted.Add(1)
	t.last = v
	for {
		select {
		case got, ok := <-opp:
			if !ok {
				return fmt.Errorf("plateau: game %s: websocket closed", t.id)
			}
			if got > n {
				res.record(time.Since(start))
				return nil
			}
		case <-rctx.Done():
			return fmt.Errorf("plateau: game %s: move %d never reached the opponent's websocket", t.id, n+1)
		}
	}
}

// drain forgets the views of earlier moves that seen holds. A closed
// channel (the server closed the socket) is an error: receiving from it
// never blocks, so looping until it is empty would spin forever.
func (t *table) drain(seen <-chan int) error {
	for {
		select {
		case _, ok := <-seen:
			if !ok {
				return fmt.Errorf("plateau: game %s: websocket closed", t.id)
			}
		default:
			return nil
		}
	}
}

// setupError explains a setup the server refused: its per-client limits
// count every game a load test creates from one address.
func setupError(err error) error {
	var se *statusError
	if errors.As(err, &se) && se.status == http.StatusTooManyRequests {
		return fmt.Errorf("plateau: loadtest setup: the server's per-client limits refused it (%w): "+
			"start the server with --limits-exempt ADDRESS (this machine's address as the server sees it) or --limits off", err)
	}
	return fmt.Errorf("plateau: loadtest setup: %w", err)
}
