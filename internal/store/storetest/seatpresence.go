package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// testSeatPresence: a seat is present while another server holds a live
// lease of it; a server's renewal replaces its own seats only, and the
// sweep deletes the lapsed ones.
func testSeatPresence(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	short, long := epoch.Add(30*time.Second), epoch.Add(time.Minute)
	set := func(server string, until time.Time, seats ...store.PresentSeat) {
		t.Helper()
		if err := s.SetSeatsPresent(ctx, server, seats, until); err != nil {
			t.Fatal(err)
		}
	}
	set("a", short, store.PresentSeat{Game: "g", Seat: 0}, store.PresentSeat{Game: "h", Seat: 1})
	set("b", long, store.PresentSeat{Game: "g", Seat: 0}, store.PresentSeat{Game: "g", Seat: 1})
	set("c", long, store.PresentSeat{Game: "h", Seat: 0})
	set("c", long, store.PresentSeat{Game: "k", Seat: 1}) // c's renewal forgets h
	games := []string{"g", "h", "k", "none"}
	for _, c := range []struct {
		name, server string
		at           time.Time
		want         string
	}{
		{"as seen from d", "d", epoch, "[{g 0} {g 1} {h 1} {k 1}]"},
		{"as seen from a: its own left out", "a", epoch, "[{g 0} {g 1} {k 1}]"},
		{"as seen from b", "b", epoch, "[{g 0} {h 1} {k 1}]"},
		{"a's lease lapsed", "d", short, "[{g 0} {g 1} {k 1}]"},
		{"every lease lapsed", "d", long, "[]"},
	} {
		if got := seatsPresent(t, s, c.server, games, c.at); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
	set("b", long) // b's last socket closed: a's seats stay
	if got := seatsPresent(t, s, "d", games, epoch); got != "[{g 0} {h 1} {k 1}]" {
		t.Errorf("b emptied: got %s, want a's and c's seats", got)
	}
	if err := s.SweepLobby(ctx, short, time.Second); err != nil {
		t.Fatal(err)
	}
	// Read as of before the lease ran out: the swept rows are gone.
	if got := seatsPresent(t, s, "d", games, epoch); got != "[{k 1}]" {
		t.Errorf("after the sweep: got %s, want only c's live seat", got)
	}
	// a's seats were swept while a remembers having written them: its
	// next renewal of the same seats must write them again.
	set("a", later(long), store.PresentSeat{Game: "g", Seat: 0}, store.PresentSeat{Game: "h", Seat: 1})
	if got := seatsPresent(t, s, "d", games, epoch); got != "[{g 0} {h 1} {k 1}]" {
		t.Errorf("a renewed after the sweep: got %s, want a's seats back", got)
	}
	set("a", later(long)) // a's last sockets closed
	// A renewal extends the seats it keeps, adds the new, drops the gone.
	later := later(long)
	set("e", long, store.PresentSeat{Game: "m", Seat: 0}, store.PresentSeat{Game: "n", Seat: 1})
	set("e", later, store.PresentSeat{Game: "m", Seat: 0}, store.PresentSeat{Game: "p", Seat: 1})
	if got := seatsPresent(t, s, "d", []string{"m", "n", "p"}, long); got != "[{m 0} {p 1}]" {
		t.Errorf("after e's renewal: got %s, want m's seat renewed and p's added", got)
	}
}

// testSeatPresenceMany asks of more games than one query names.
func testSeatPresenceMany(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	var seats []store.PresentSeat
	var games []string
	for i := range 1200 {
		id := fmt.Sprintf("g%04d", i)
		games = append(games, id)
		if i%2 == 0 {
			seats = append(seats, store.PresentSeat{Game: id, Seat: i % 4 / 2})
		}
	}
	if err := s.SetSeatsPresent(ctx, "a", seats, epoch.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	got, err := s.SeatsPresent(ctx, "b", games, epoch)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(seats) {
		t.Errorf("got %d seats (%v), want the %d written", len(got), err, len(seats))
	}
}

func seatsPresent(t *testing.T, s store.Store, server string, games []string, at time.Time) string {
	t.Helper()
	got, err := s.SeatsPresent(context.Background(), server, games, at)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(got)
}

// later is a minute after t.
func later(t time.Time) time.Time { return t.Add(time.Minute) }
