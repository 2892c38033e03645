package aipool_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/room/aipool"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

// events wakes the pool when a room owes an AI move.
type events struct{ pool *aipool.Pool }

func (e *events) TurnNotes(context.Context, room.Turn) []store.Note { return nil }
func (e *events) TurnNoted()                                        {}
func (e *events) AIOwed()                                           { e.pool.Nudge() }
func (e *events) PresenceChanged()                                  {}
func (e *events) Moved(string, int)                                 {}
func (e *events) SeatNames(context.Context, [2]store.Seat) [2]*api.PlayerRef {
	return [2]*api.PlayerRef{}
}

// metrics sends each job's outcome on ended.
type metrics struct{ ended chan string }

func (metrics) Queue(int)              {}
func (metrics) Waited(time.Duration)   {}
func (metrics) Searching(int)          {}
func (metrics) Searched(time.Duration) {}
func (m metrics) Ended(outcome string) { m.ended <- outcome }

// tasks runs goroutines until closed, and waits for them.
type tasks struct {
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
}

func (t *tasks) Go(fn func()) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return false
	}
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		fn()
	}()
	return true
}

func (t *tasks) close() {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
	t.wg.Wait()
}

// TestPoolPlaysTheAIMove plays a human's move in a game against the AI
// and checks that the pool answers it, over SQLite and without HTTP.
func TestPoolPlaysTheAIMove(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "pool.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	reg := game.NewRegistry(tictactoe.Game())
	ev := &events{}
	hb := room.New(ctx, room.Config{Store: st, Registry: reg, Clock: wallClock{}, Events: ev,
		Log: slog.New(slog.DiscardHandler), IdleEvict: time.Minute, Now: time.Now})
	m, tk := metrics{ended: make(chan string, 10)}, &tasks{}
	ev.pool = aipool.New(ctx, aipool.Config{Store: st, Rooms: hb, Mover: aipool.RandomMover{}, Clock: wallClock{},
		Metrics: m, Tasks: tk, Log: slog.New(slog.DiscardHandler), Owner: aipool.NewOwnerName(), Workers: 1,
		Lease: 10 * time.Second, Retry: time.Second, MoveTime: time.Second})
	t.Cleanup(func() {
		cancel()
		tk.close()
		st.Close()
	})
	token := newAIGame(t, ctx, hb, st, reg)
	ev.pool.Start()
	if err := hb.With(ctx, "g1", func(r *room.Room) error {
		return r.Move(ctx, room.Caller{Token: token}, "b2", 0)
	}); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-m.ended:
		if got != "played" {
			t.Fatalf("the AI job ended %q, want played", got)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no AI job ended in 30s")
	}
	var moves int
	var toAct game.Player
	_ = hb.With(ctx, "g1", func(r *room.Room) error {
		moves, toAct = len(r.Record().Moves), r.ToAct()
		return nil
	})
	if moves != 2 || toAct != 0 {
		t.Errorf("after the AI's answer: got %d moves, player %d to act; want 2 moves, player 0", moves, toAct)
	}
}

// newAIGame stores game g1, a human (first) against the AI, and returns
// the human's seat token.
func newAIGame(t *testing.T, ctx context.Context, hb *room.Hub, st store.Store, reg *game.Registry) string {
	t.Helper()
	info, _, _ := reg.Lookup("tictactoe")
	pos, _ := reg.New("tictactoe", "")
	now := time.Now()
	g := store.Game{ID: "g1", Game: "tictactoe", Start: pos.String(), Result: store.Ongoing, Version: 1,
		DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, CreatedAt: now, UpdatedAt: now}
	g.Seats[0].Kind, g.Seats[1] = store.Human, store.Seat{Kind: store.AI, Level: 1}
	token, hash := seats.NewToken()
	g.Seats[0].TokenHash = hash
	r := hb.NewRoom(ctx, g, pos, info)
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	hb.Adopt(r)
	return token
}
