package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// leaderboardLeavesOut rates a provisional pair and a guest (both ahead
// of everybody), which a leaderboard must not list.
func leaderboardLeavesOut(t *testing.T, s store.Store) {
	t.Helper()
	ctx := context.Background()
	guest := store.Player{ID: "hank", Name: "Hank 1", Kind: store.PlayerGuest, JoinedAt: epoch, UpdatedAt: epoch}
	if err := s.CreateGuest(ctx, guest, store.Session{TokenHash: []byte("hank-session"), PlayerID: "hank", CreatedAt: epoch, ExpiresAt: epoch.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	for i, g := range []struct {
		a, b string
		rd   float64
	}{{"fred", "gina", 350}, {"hank", "gina", 100}} {
		id := fmt.Sprintf("lbout%d", i)
		ratedGame(t, s, id, true, 2, "first")
		if _, err := s.ApplyRating(ctx, store.RatingGame{GameID: id, Group: "tictactoe", Players: [2]string{g.a, g.b}, At: epoch,
			Start: store.PlayerRating{R: 1900, RD: g.rd, Vol: 0.06}, Rate: plusMinus(1)}); err != nil {
			t.Fatal(err)
		}
	}
}

// pairGame is a finished rated game between players a and b (both
// moved), ended at at.
func pairGame(t *testing.T, s store.Store, id, a, b string, at time.Time) {
	t.Helper()
	g := newGame(id, at)
	g.Seats[0].Player = a
	g.Seats[1] = store.Seat{Kind: store.Human, Player: b}
	g.Rated = true
	mustCreate(t, s, g)
	u := store.Update{ID: id, Version: 1, Result: "first", Reason: "resignation", DrawOffer: store.NoOffer,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: at}
	u = move(move(u, "m0", 0), "m1", 1)
	if err := s.Update(context.Background(), u); err != nil {
		t.Fatal(err)
	}
}

// testRatingPairLimit: the same two players' rated games beyond the
// limit within the window are not rated (and stay so); a game with
// someone else, or once the window has passed, is.
func testRatingPairLimit(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	apply := func(id, a, b string, at time.Time) error {
		_, err := s.ApplyRating(ctx, store.RatingGame{GameID: id, Group: "tictactoe", Players: [2]string{a, b}, At: at,
			Start: startRating, Rate: plusMinus(1), PairLimit: 2, PairSince: at.Add(-24 * time.Hour)})
		return err
	}
	for i, tc := range []struct {
		a, b  string
		after time.Duration
		rated bool
	}{
		{"boost", "sock", 0, true},
		{"sock", "boost", time.Minute, true}, // seats swapped: the same pair
		{"boost", "sock", 2 * time.Minute, false},
		{"boost", "carl", 3 * time.Minute, true},
		{"boost", "sock", 25 * time.Hour, true}, // the first game is a day old
	} {
		id := fmt.Sprintf("pair%d", i)
		at := epoch.Add(tc.after)
		pairGame(t, s, id, tc.a, tc.b, at)
		err := apply(id, tc.a, tc.b, at)
		if got := err == nil; got != tc.rated || (err != nil && !errors.Is(err, store.ErrNotRated)) {
			t.Errorf("game %d (%s-%s at +%v): got %v, want rated %v", i, tc.a, tc.b, tc.after, err, tc.rated)
		}
	}
	if err := apply("pair2", "boost", "sock", epoch.Add(2*time.Minute)); !errors.Is(err, store.ErrNotRated) {
		t.Errorf("the capped game applied again: got %v, want ErrNotRated", err)
	}
	if r, _, _ := s.Rating(ctx, "boost", "tictactoe"); r.Games != 4 {
		t.Errorf("boost: got %d rated games, want 4", r.Games)
	}
}

// testRatingSeatsAsStored: the players rated are the game's seats as
// stored, not the caller's copy; a game whose two seats are one player
// (an account and its merged guest) is not rated.
func testRatingSeatsAsStored(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	pairGame(t, s, "self", "acct", "acct", epoch)
	rg := store.RatingGame{GameID: "self", Group: "tictactoe", Players: [2]string{"acct", "itsguest"}, At: epoch, Start: startRating, Rate: plusMinus(1)}
	if _, err := s.ApplyRating(ctx, rg); !errors.Is(err, store.ErrNotRated) {
		t.Errorf("a game against oneself: got %v, want ErrNotRated", err)
	}
	for _, p := range []string{"acct", "itsguest"} {
		if _, ok, _ := s.Rating(ctx, p, "tictactoe"); ok {
			t.Errorf("%s: rated by a game against oneself", p)
		}
	}
	pairGame(t, s, "moved", "acct", "bea", epoch)
	rg.GameID = "moved"
	if got, err := s.ApplyRating(ctx, rg); err != nil || got[1].Player != "bea" {
		t.Errorf("stale players: got %+v, %v, want bea rated", got, err)
	}
}
