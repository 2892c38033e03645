package room_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// quiet is a room.Events that ignores what it is told.
type quiet struct{}

func (quiet) TurnNotes(context.Context, room.Turn) []store.Note          { return nil }
func (quiet) TurnNoted()                                                 {}
func (quiet) AIOwed()                                                    {}
func (quiet) PresenceChanged()                                           {}
func (quiet) Moved(string, int)                                          {}
func (quiet) SeatNames(context.Context, [2]store.Seat) [2]*api.PlayerRef { return [2]*api.PlayerRef{} }

type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

// A game between two seat tokens, played through a hub over SQLite.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "room")
	defer os.RemoveAll(dir)
	st, err := store.Open(ctx, filepath.Join(dir, "example.db"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	reg := game.NewRegistry(tictactoe.Game())
	hb := room.New(ctx, room.Config{Store: st, Registry: reg, Clock: wallClock{}, Events: quiet{},
		Log: slog.New(slog.DiscardHandler), IdleEvict: time.Minute, Now: time.Now})
	defer hb.Close()

	info, _, _ := reg.Lookup("tictactoe")
	pos, _ := reg.New("tictactoe", "")
	now := time.Now()
	g := store.Game{ID: "example", Game: "tictactoe", Start: pos.String(), Result: store.Ongoing, Version: 1,
		DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, CreatedAt: now, UpdatedAt: now}
	var tokens [2]string
	for i := range g.Seats {
		g.Seats[i].Kind = store.Human
		tokens[i], g.Seats[i].TokenHash = seats.NewToken()
	}
	r := hb.NewRoom(ctx, g, pos, info)
	if err := st.Create(ctx, g); err != nil {
		fmt.Println(err)
		return
	}
	hb.Adopt(r)

	err = hb.With(ctx, "example", func(r *room.Room) error {
		return r.Move(ctx, room.Caller{Token: tokens[0]}, "b2", 0)
	})
	fmt.Println("first move:", err)
	err = hb.With(ctx, "example", func(r *room.Room) error {
		return r.Move(ctx, room.Caller{Token: tokens[0]}, "a1", 1)
	})
	fmt.Println("again:", room.Message(err))
	_ = hb.With(ctx, "example", func(r *room.Room) error {
		fmt.Println("to act:", r.ToAct(), "moves:", len(r.Record().Moves))
		return nil
	})
	// Output:
	// first move: <nil>
	// again: it is not your turn
	// to act: second moves: 1
}
