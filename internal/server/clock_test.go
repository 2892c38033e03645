package server_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// fakeClock is the servers' time in the clock tests: it moves only when
// the test says, so no test waits for a clock to run out.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// clocked starts a server on fake time that looks for run-out clocks
// often (in real time), so a timeout follows the fake clock closely.
func clocked(t *testing.T, fc *fakeClock, dsn string) *env {
	mod := func(cfg *server.Config) { cfg.Clock, cfg.ClockPoll = fc, 5*time.Millisecond }
	if dsn == "" {
		return newEnv(t, mod)
	}
	return newEnvOn(t, dsn, mod)
}

func timed(control string) api.CreateRequest {
	r := humans()
	r.TimeControl = control
	return r
}

func TestClockCreate(t *testing.T) {
	t.Parallel()
	e := clocked(t, newFakeClock(), "")
	tests := []struct {
		control string
		status  int
		want    string // the view's clock.control, "" for none; or a piece of the error
	}{
		{"", 201, ""},
		{"untimed", 201, ""},
		{"5+3", 201, "5+3"},
		{"30s+0", 201, "30s+0"},
		{"3d", 201, "3d/14"},
		{"0+0", 400, "base 0s: want 10s to 3h0m0s"},
		{"5+-3", 400, "malformed time control"},
		{"-5+3", 400, "malformed time control"},
		{"365d", 400, "365 days per turn: want 1 to 30"},
		{"3d/400", 400, "out of bounds"},
		{"blitz", 400, "malformed time control"},
		{strings.Repeat("9", 100) + "+0", 400, "too long"},
	}
	for _, tt := range tests {
		var raw map[string]any
		st := e.call("POST", "/api/games", timed(tt.control), &raw)
		if st != tt.status {
			t.Errorf("%q: got status %d, want %d (%v)", tt.control, st, tt.status, raw)
			continue
		}
		if st != 201 {
			if msg, _ := raw["error"].(string); !strings.Contains(msg, tt.want) {
				t.Errorf("%q: got error %q, want it to say %q", tt.control, msg, tt.want)
			}
			continue
		}
		v := e.create(timed(tt.control)).View
		switch {
		case tt.want == "" && v.Clock != nil:
			t.Errorf("%q: got clock %+v, want none", tt.control, v.Clock)
		case tt.want != "" && (v.Clock == nil || v.Clock.Control != tt.want):
			t.Errorf("%q: got clock %+v, want control %s", tt.control, v.Clock, tt.want)
		}
	}
}

// TestClockCharges plays a real-time game on fake time and checks what
// each move costs: first turns are free, later ones charged from the
// move's arrival, with the increment.
func TestClockCharges(t *testing.T) {
	t.Parallel()
	fc := newFakeClock()
	e := clocked(t, fc, "")
	c := e.create(timed("1+2"))
	tok := func(p int) string { return c.Seats[p].Token }
	if got := c.View.Clock; got.Kind != "realtime" || got.Base != 60000 || got.Remaining != [2]int64{60000, 60000} ||
		got.Running == nil || *got.Running != 0 || got.FirstMove != [2]bool{true, true} {
		t.Fatalf("new game: got clock %+v", got)
	}
	steps := []struct {
		wait    time.Duration
		player  int
		move    string
		want    [2]int64
		running int
	}{
		{5 * time.Second, 0, "a1", [2]int64{60000, 60000}, 1},
		{3 * time.Second, 1, "b2", [2]int64{60000, 60000}, 0},
		{10 * time.Second, 0, "c3", [2]int64{52000, 60000}, 1},
		{1500 * time.Millisecond, 1, "a3", [2]int64{52000, 60500}, 0},
	}
	for i, s := range steps {
		fc.add(s.wait)
		st, v, msg := e.play(c.ID, tok(s.player), s.move, i)
		if st != 200 {
			t.Fatalf("move %d %s: got %d %s", i, s.move, st, msg)
		}
		if v.Clock.Remaining != s.want || v.Clock.Running == nil || *v.Clock.Running != s.running {
			t.Errorf("after %s: got remaining %v running %v, want %v and %d", s.move, v.Clock.Remaining, v.Clock.Running, s.want, s.running)
		}
	}
	// A GET later shows the running clock as it is now, not as the last
	// change left it.
	fc.add(2 * time.Second)
	if got := e.view(c.ID).Clock.Remaining; got != [2]int64{50000, 60500} {
		t.Errorf("2 s later: got remaining %v, want [50000 60500]", got)
	}
}

// TestClockTimeouts checks that games end by themselves when a clock
// runs out, nobody asking: a loss on time, or an abort on a first turn.
func TestClockTimeouts(t *testing.T) {
	t.Parallel()
	day := 24 * time.Hour
	tests := []struct {
		name    string
		control string
		moves   []string
		wait    time.Duration
		result  string
		reason  string
	}{
		{"first player never moves", "1+0", nil, 60 * time.Second, "draw", "aborted"},
		{"second player never moves", "1+0", []string{"a1"}, 60 * time.Second, "draw", "aborted"},
		{"first player's clock runs out", "1+0", []string{"a1", "b2"}, 60 * time.Second, "second", "time out"},
		{"second player's clock runs out", "1+0", []string{"a1", "b2", "c3"}, 60 * time.Second, "first", "time out"},
		{"correspondence: first turn never comes", "2d/5", nil, 2 * day, "draw", "aborted"},
		{"correspondence: a turn's days, then the vacation", "2d/5", []string{"a1", "b2"}, 7 * day, "second", "time out"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fc := newFakeClock()
			e := clocked(t, fc, "")
			c := e.create(timed(tt.control))
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			ws := e.watch(ctx, c.ID)
			for i, m := range tt.moves {
				if st, _, msg := e.play(c.ID, c.Seats[i%2].Token, m, i); st != 200 {
					t.Fatalf("move %s: got %d %s", m, st, msg)
				}
			}
			fc.add(tt.wait - time.Second)
			if v := e.view(c.ID); v.Result != "ongoing" {
				t.Fatalf("a second before the deadline: got %s %s, want ongoing", v.Result, v.Reason)
			}
			fc.add(time.Second)
			v := until(t, ctx, ws, func(v view) bool { return v.Result != "ongoing" })
			if v.Result != tt.result || v.Reason != tt.reason || v.Clock.Running != nil {
				t.Errorf("got %s %q running %v, want %s %q and no clock running", v.Result, v.Reason, v.Clock.Running, tt.result, tt.reason)
			}
			if v.ReasonText["fr"] == "" {
				t.Errorf("reason %q has no French text", v.Reason)
			}
			if st, _ := e.raw("POST", "/api/games/"+c.ID+"/undo", `{"token":"`+c.Seats[0].Token+`"}`); st != http.StatusConflict {
				t.Errorf("take-back after %s: got %d, want 409", v.Reason, st)
			}
		})
	}
}

// TestClockLateMove checks that a move arriving after the deadline does
// not count, even before the server has noticed the deadline: the game
// is lost on time, and the move is refused as the game is over.
func TestClockLateMove(t *testing.T) {
	t.Parallel()
	fc := newFakeClock()
	e := newEnv(t, func(cfg *server.Config) { cfg.Clock, cfg.ClockPoll = fc, time.Hour })
	c := e.create(timed("1+0"))
	e.play(c.ID, c.Seats[0].Token, "a1", 0)
	e.play(c.ID, c.Seats[1].Token, "b2", 1)
	fc.add(time.Hour)
	st, _, msg := e.play(c.ID, c.Seats[0].Token, "c3", 2)
	if st != http.StatusConflict || !strings.Contains(msg, "over") {
		t.Errorf("late move: got %d %q, want 409 game over", st, msg)
	}
	if v := e.view(c.ID); v.Result != "second" || v.Reason != "time out" || len(v.Moves) != 2 {
		t.Errorf("got %s %q with %d moves, want second, time out, 2 moves", v.Result, v.Reason, len(v.Moves))
	}
}

// TestClockNoClientTime checks that a client cannot say how long it took:
// a move with a time field is refused, and changes nothing.
func TestClockNoClientTime(t *testing.T) {
	t.Parallel()
	fc := newFakeClock()
	e := clocked(t, fc, "")
	c := e.create(timed("1+0"))
	for _, field := range []string{`"time":1`, `"clock":60000`, `"remaining":[60000,60000]`, `"at":"2026-01-01T00:00:00Z"`} {
		body := `{"move":"a1","seen":0,"token":"` + c.Seats[0].Token + `",` + field + `}`
		if st, answer := e.raw("POST", "/api/games/"+c.ID+"/moves", body); st != http.StatusBadRequest {
			t.Errorf("move with %s: got %d %s, want 400", field, st, answer)
		}
	}
	if v := e.view(c.ID); len(v.Moves) != 0 || v.Version != 1 {
		t.Errorf("got %d moves, version %d, want 0 and 1", len(v.Moves), v.Version)
	}
}

// TestClockTimeoutOnceAcrossServers runs two servers on one PostgreSQL
// database, both watching the same deadline: the game ends on time
// once, by one of them.
func TestClockTimeoutOnceAcrossServers(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "clockonce")
	fc := newFakeClock()
	a, b := clocked(t, fc, schema), clocked(t, fc, schema)
	var ids []string
	for range 10 {
		c := a.create(timed("1+0"))
		a.play(c.ID, c.Seats[0].Token, "a1", 0)
		b.play(c.ID, c.Seats[1].Token, "b2", 1)
		b.view(c.ID) // both servers hold the game in memory
		ids = append(ids, c.ID)
	}
	fc.add(time.Minute)
	for _, id := range ids {
		for _, e := range []*env{a, b} {
			v := e.waitView(id, func(v view) bool { return v.Result != "ongoing" })
			if v.Result != "second" || v.Reason != "time out" || v.Version != 4 {
				t.Errorf("game %s: got %s %q version %d, want second, time out, version 4 (one change)", id, v.Result, v.Reason, v.Version)
			}
		}
	}
	ended := strings.Count(a.logs.String(), `"reason":"time out"`) + strings.Count(b.logs.String(), `"reason":"time out"`)
	if ended != len(ids) {
		t.Errorf("got %d games ended on time in the logs of both servers, want %d", ended, len(ids))
	}
}
