package lobby

import (
	"errors"
	"testing"
	"time"
)

var now = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

func TestCheck(t *testing.T) {
	t.Parallel()
	ann := Player{ID: "a", Name: "Ann"}
	for _, tc := range []struct {
		name    string
		seek    Seek
		want    error
		expires time.Time
	}{
		{"defaults", Seek{Game: "oshi", Owner: ann}, nil, time.Time{}},
		{"correspondence expires", Seek{Game: "oshi", Owner: ann, Kind: Correspondence}, nil, now.Add(CorrespondenceTTL)},
		{"no game", Seek{Owner: ann}, ErrBadSeek, time.Time{}},
		{"no owner", Seek{Game: "oshi"}, ErrBadSeek, time.Time{}},
		{"bad colour", Seek{Game: "oshi", Owner: ann, Colour: "blue"}, ErrBadSeek, time.Time{}},
		{"bad kind", Seek{Game: "oshi", Owner: ann, Kind: "blitz"}, ErrBadSeek, time.Time{}},
		{"self challenge", Seek{Game: "oshi", Owner: ann, To: ann}, ErrBadSeek, time.Time{}},
		{"long time control", Seek{Game: "oshi", Owner: ann, TimeControl: "123456789012345678901234567890123"}, ErrBadSeek, time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := tc.seek
			err := s.Check(now)
			if !errors.Is(err, tc.want) || (tc.want == nil && err != nil) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if err == nil && (s.Colour != Random && tc.seek.Colour == "" || !s.Expires.Equal(tc.expires) || !s.Created.Equal(now)) {
				t.Errorf("got colour %q expires %v created %v, want random, %v, %v", s.Colour, s.Expires, s.Created, tc.expires, now)
			}
		})
	}
}

func TestMatch(t *testing.T) {
	t.Parallel()
	me := Player{ID: "me"}
	seek := func(id, game string, rating, rng int, age time.Duration) Seek {
		return Seek{ID: id, Game: game, Owner: Player{ID: "o-" + id}, Rating: rating, Range: rng, Created: now.Add(-age)}
	}
	for _, tc := range []struct {
		name string
		open []Seek
		want Want
		got  string // "" for no match
	}{
		{"none", nil, Want{Player: me, Game: "oshi"}, ""},
		{"other game", []Seek{seek("a", "yoxii", 0, 0, 0)}, Want{Player: me, Game: "oshi"}, ""},
		{"oldest first", []Seek{seek("a", "oshi", 0, 0, time.Second), seek("b", "oshi", 0, 0, time.Minute)}, Want{Player: me, Game: "oshi"}, "b"},
		{"own seek skipped", []Seek{{ID: "a", Game: "oshi", Owner: me}}, Want{Player: me, Game: "oshi"}, ""},
		{"challenge skipped", []Seek{{ID: "a", Game: "oshi", Owner: Player{ID: "x"}, To: me}}, Want{Player: me, Game: "oshi"}, ""},
		{"in my range", []Seek{seek("a", "oshi", 1600, 0, 0)}, Want{Player: me, Game: "oshi", Rating: 1500, Range: 150}, "a"},
		{"out of my range", []Seek{seek("a", "oshi", 1700, 0, 0)}, Want{Player: me, Game: "oshi", Rating: 1500, Range: 150}, ""},
		{"out of theirs", []Seek{seek("a", "oshi", 1700, 100, 0)}, Want{Player: me, Game: "oshi", Rating: 1500}, ""},
		{"unrated fits all", []Seek{seek("a", "oshi", 1700, 100, 0)}, Want{Player: me, Game: "oshi"}, "a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, ok := Match(tc.open, tc.want)
			if ok != (tc.got != "") || s.ID != tc.got {
				t.Errorf("got %q %v, want %q", s.ID, ok, tc.got)
			}
		})
	}
}

func TestAccept(t *testing.T) {
	t.Parallel()
	ann, bea, carl := Player{ID: "a"}, Player{ID: "b"}, Player{ID: "c"}
	for _, tc := range []struct {
		name string
		seek Seek
		by   Player
		want error
	}{
		{"open seek", Seek{Owner: ann}, bea, nil},
		{"own", Seek{Owner: ann}, ann, ErrOwnSeek},
		{"challenge to me", Seek{Owner: ann, To: bea}, bea, nil},
		{"challenge to another", Seek{Owner: ann, To: bea}, carl, ErrNotForYou},
	} {
		if err := tc.seek.CanAccept(tc.by); !errors.Is(err, tc.want) || (tc.want == nil && err != nil) {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestSeatsAndRematch(t *testing.T) {
	t.Parallel()
	heads, tails := func() bool { return true }, func() bool { return false }
	for _, tc := range []struct {
		c    Colour
		coin func() bool
		want int
	}{{First, tails, 0}, {Second, heads, 1}, {Random, heads, 0}, {Random, tails, 1}} {
		if got := (Seek{Colour: tc.c}).OwnerSeat(tc.coin); got != tc.want {
			t.Errorf("%s: got seat %d, want %d", tc.c, got, tc.want)
		}
	}
	r := Rematch{Of: "g", By: 0}
	if r.Accepts(0) || !r.Accepts(1) || RematchSeat(0) != 1 || RematchSeat(1) != 0 {
		t.Errorf("got accepts(0)=%v accepts(1)=%v, want false, true; and seats swapped", r.Accepts(0), r.Accepts(1))
	}
	if (Rematch{Of: "g", By: 0, NewGame: "h"}).Accepts(1) {
		t.Errorf("got a started rematch accepted again, want not")
	}
}
