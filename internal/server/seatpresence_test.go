package server_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// leftBehind is a store whose seat leases stop changing once dead is
// set, as a killed process's do: they stay until they run out.
type leftBehind struct {
	store.Store
	dead atomic.Bool
}

func (l *leftBehind) SetSeatsPresent(ctx context.Context, srv string, seats []store.PresentSeat, until time.Time) error {
	if l.dead.Load() {
		return errors.New("test: the process is gone")
	}
	return l.Store.SetSeatsPresent(ctx, srv, seats, until)
}

// TestSeatPresenceAcrossServers runs servers on one PostgreSQL database,
// on one fake clock: a seat whose socket is open on server B is
// connected in the views server A sends its sockets, without a move,
// and no longer once B's socket closes; the first view of a game A did
// not hold shows it too; a server that stops cleanly stops counting at
// once, and one that dies without cleaning up when its lease runs out.
func TestSeatPresenceAcrossServers(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "seatpresence")
	fc := newFakeClock()
	fast := func(c *server.Config) { c.Clock, c.Lobby.Poll = fc, 20*time.Millisecond }
	a, b := newEnvOn(t, schema, fast), newEnvOn(t, schema, fast)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	g := a.create(humans())
	spectator := a.watch(ctx, g.ID)
	until(t, ctx, spectator, func(view) bool { return true })

	player := sitOn(t, ctx, b, g.ID, g.Seats[1].Token)
	if v := until(t, ctx, spectator, func(v view) bool { return v.Seats[1].Connected }); v.Seats[0].Connected {
		t.Errorf("seat 1 through B: got seat 0 connected too, want only seat 1")
	}
	player.Close(websocket.StatusNormalClosure, "")
	until(t, ctx, spectator, func(v view) bool { return !v.Seats[1].Connected })

	firstView(t, ctx, fc, a, b, schema)
	stopped := newEnvOn(t, schema, fast)
	sitOn(t, ctx, stopped, g.ID, g.Seats[0].Token)
	until(t, ctx, spectator, func(v view) bool { return v.Seats[0].Connected })
	stopped.srv.Close() // a clean shutdown deletes its leases: no lease to wait for
	until(t, ctx, spectator, func(v view) bool { return !v.Seats[0].Connected })
	killed(t, ctx, fc, schema, a, g, spectator)
}

// killed: a server that dies without cleaning up leaves its leases,
// which count until they run out.
func killed(t *testing.T, ctx context.Context, fc *fakeClock, schema string, a *env, g created, spectator *websocket.Conn) {
	t.Helper()
	var dying *leftBehind
	c := newEnvOn(t, schema, func(cfg *server.Config) {
		cfg.Clock, cfg.Lobby.Poll = fc, 20*time.Millisecond
		dying = &leftBehind{Store: cfg.Store}
		cfg.Store = dying
	})
	sitOn(t, ctx, c, g.ID, g.Seats[0].Token)
	until(t, ctx, spectator, func(v view) bool { return v.Seats[0].Connected })
	dying.dead.Store(true)
	c.srv.Close()
	if v := a.view(g.ID); !v.Seats[0].Connected {
		t.Errorf("C died, its lease still live: got seat 0 not connected, want connected until the lease runs out")
	}
	fc.add(30*time.Second + time.Millisecond) // the default lease
	until(t, ctx, spectator, func(v view) bool { return !v.Seats[0].Connected })
}

// firstView: the first view server A renders of a game it does not hold
// yet shows a seat connected through B, with no poll in between.
func firstView(t *testing.T, ctx context.Context, fc *fakeClock, a, b *env, schema string) {
	t.Helper()
	st, err := store.Open(ctx, schema, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g := b.create(humans())
	sitOn(t, ctx, b, g.ID, g.Seats[0].Token)
	for {
		seats, err := st.SeatsPresent(ctx, "an observer", []string{g.ID}, fc.Now())
		if err != nil {
			t.Fatal(err)
		}
		if len(seats) == 1 {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("B never wrote its seat's lease")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if v := a.view(g.ID); !v.Seats[0].Connected || v.Seats[1].Connected {
		t.Errorf("first view through A: got connected %v %v, want true false", v.Seats[0].Connected, v.Seats[1].Connected)
	}
}

// sitOn opens a socket of the game on e and names seat token's seat.
func sitOn(t *testing.T, ctx context.Context, e *env, id, token string) *websocket.Conn {
	t.Helper()
	c := e.watch(ctx, id)
	until(t, ctx, c, func(view) bool { return true })
	if err := c.Write(ctx, websocket.MessageText, []byte(`{"token":"`+token+`"}`)); err != nil {
		t.Fatal(err)
	}
	return c
}
