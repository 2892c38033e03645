package storetest

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

var startRating = store.PlayerRating{R: 1500, RD: 350, Vol: 0.06}

// ratedGame creates a game between two humans, rated as asked, with the
// given moves (players alternate from 0) and result.
func ratedGame(t *testing.T, s store.Store, id string, rated bool, plies int, result string) {
	t.Helper()
	g := newGame(id, epoch)
	h := sha256.Sum256([]byte("token1-" + id))
	g.Seats[1] = store.Seat{Kind: store.Human, TokenHash: h[:]}
	g.Rated = rated
	mustCreate(t, s, g)
	u := store.Update{ID: id, Version: 1, Result: result, Reason: "resignation", DrawOffer: store.NoOffer,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: epoch.Add(time.Minute)}
	for i := range plies {
		u = move(u, fmt.Sprintf("m%d", i), i%2)
	}
	if err := s.Update(context.Background(), u); err != nil {
		t.Fatal(err)
	}
}

// plusMinus is a stand-in for Glico-2 that the tests can follow: the
// winner gains 10 (score from player 0's side), the deviations shrink.
func plusMinus(score float64) func([2]store.PlayerRating) [2]store.PlayerRating {
	return func(old [2]store.PlayerRating) [2]store.PlayerRating {
		d := 20 * (score - 0.5)
		old[0].R, old[1].R = old[0].R+d, old[1].R-d
		old[0].RD, old[1].RD = old[0].RD-10, old[1].RD-10
		return old
	}
}

func rate(s store.Store, id, a, b string, score float64, at time.Time) ([2]store.PlayerRating, error) {
	return s.ApplyRating(context.Background(), store.RatingGame{GameID: id, Group: "tictactoe", Players: [2]string{a, b},
		At: at, Start: startRating, Rate: plusMinus(score)})
}

// testRatingOnce: many goroutines apply the same game's update at once;
// exactly one succeeds, and the ratings moved once.
func testRatingOnce(t *testing.T, open Opener) {
	s, _ := open(t)
	ratedGame(t, s, "rated1", true, 2, "first")
	var ok atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			_, err := rate(s, "rated1", "alice", "bob", 1, epoch.Add(time.Minute))
			switch {
			case err == nil:
				ok.Add(1)
			case !errors.Is(err, store.ErrNotRated):
				t.Errorf("got %v, want nil or ErrNotRated", err)
			}
		})
	}
	wg.Wait()
	if n := ok.Load(); n != 1 {
		t.Errorf("got %d updates applied, want 1", n)
	}
	a, found, err := s.Rating(context.Background(), "alice", "tictactoe")
	if err != nil || !found || a.R != 1510 || a.RD != 340 || a.Games != 1 || !a.At.Equal(epoch.Add(time.Minute)) {
		t.Errorf("got alice %+v, %v, %v; want 1510, RD 340, 1 game", a, found, err)
	}
	hist, err := s.RatingHistory(context.Background(), "bob", "tictactoe")
	if err != nil || len(hist) != 1 || hist[0].R != 1490 || hist[0].GameID != "rated1" {
		t.Errorf("got bob's history %+v, %v; want one point at 1490", hist, err)
	}
}

// testRatingRefused: games that must never be rated change nothing.
func testRatingRefused(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	ratedGame(t, s, "casual", false, 2, "first")
	ratedGame(t, s, "ongoing", true, 2, store.Ongoing)
	ratedGame(t, s, "aborted", true, 1, "second")
	ai := newGame("vsai", epoch)
	ai.Rated = true
	mustCreate(t, s, ai)
	if err := s.Update(ctx, move(move(store.Update{ID: "vsai", Version: 1, Result: "first", At: epoch}, "a", 0), "b", 1)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, id, a, b string }{
		{"casual game", "casual", "alice", "bob"},
		{"ongoing game", "ongoing", "alice", "bob"},
		{"aborted game (player 1 never moved)", "aborted", "alice", "bob"},
		{"AI seat", "vsai", "alice", "bob"},
		{"no such game", "nope", "alice", "bob"},
		{"same player twice", "casual", "alice", "alice"},
		{"no player", "casual", "", "bob"},
	} {
		if _, err := rate(s, tc.id, tc.a, tc.b, 1, epoch); !errors.Is(err, store.ErrNotRated) {
			t.Errorf("%s: got %v, want ErrNotRated", tc.name, err)
		}
	}
	if _, found, err := s.Rating(ctx, "alice", "tictactoe"); found || err != nil {
		t.Errorf("got a rating for alice (%v), want none", err)
	}
	if g := mustLoad(t, s, "casual"); g.Rated {
		t.Errorf("casual game loaded as rated")
	}
	if g := mustLoad(t, s, "ongoing"); !g.Rated {
		t.Errorf("rated game loaded as casual")
	}
}

// testLeaderboard: the pool's players by rating, highest first, after a
// few games; another pool apart.
func testLeaderboard(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	games := []struct {
		a, b  string
		score float64
	}{{"carol", "dave", 1}, {"carol", "erin", 1}, {"erin", "dave", 0.5}, {"dave", "erin", 1}}
	for i, g := range games {
		id := fmt.Sprintf("lb%d", i)
		ratedGame(t, s, id, true, 2, "first")
		// Established players (RD 100 or less): a leaderboard lists them.
		if _, err := s.ApplyRating(ctx, store.RatingGame{GameID: id, Group: "tictactoe", Players: [2]string{g.a, g.b},
			At: epoch.Add(time.Duration(i) * time.Minute), Start: store.PlayerRating{R: 1500, RD: 110, Vol: 0.06}, Rate: plusMinus(g.score)}); err != nil {
			t.Fatal(err)
		}
	}
	leaderboardLeavesOut(t, s)
	// carol 1520; dave 1490 then 1500; erin 1490, 1490, 1480.
	board, err := s.Leaderboard(ctx, "tictactoe", 10)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range board {
		got = append(got, fmt.Sprintf("%s %.0f %d", p.Player, p.R, p.Games))
	}
	if want := "[carol 1520 2 dave 1500 3 erin 1480 3]"; fmt.Sprint(got) != want {
		t.Errorf("got %v, want %s", got, want)
	}
	if top, err := s.Leaderboard(ctx, "tictactoe", 1); err != nil || len(top) != 1 || top[0].Player != "carol" {
		t.Errorf("got top 1 %v, %v; want carol", top, err)
	}
	if other, err := s.Leaderboard(ctx, "other", 10); err != nil || len(other) != 0 {
		t.Errorf("got %v, %v for an empty pool, want none", other, err)
	}
	mine, err := s.PlayerRatings(ctx, "dave")
	if err != nil || len(mine) != 1 || mine[0].Games != 3 {
		t.Errorf("got dave's ratings %+v, %v; want one pool, 3 games", mine, err)
	}
}

// testRatingsRacing: games sharing players are rated at once, in both
// seat orders: no update is lost and none deadlocks.
func testRatingsRacing(t *testing.T, open Opener) {
	s, _ := open(t)
	const n = 12
	players := []string{"p1", "p2", "p3"}
	for i := range n {
		ratedGame(t, s, fmt.Sprintf("race%d", i), true, 2, "first")
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			a, b := players[i%3], players[(i+1)%3]
			if i%2 == 1 {
				a, b = b, a
			}
			if _, err := rate(s, fmt.Sprintf("race%d", i), a, b, 0.5, epoch); err != nil {
				t.Errorf("game %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	total := 0
	for _, p := range players {
		r, _, err := s.Rating(context.Background(), p, "tictactoe")
		if err != nil {
			t.Fatal(err)
		}
		total += r.Games
		if want := 350 - 10*float64(r.Games); r.RD != want {
			t.Errorf("%s: got RD %v after %d games, want %v (an update lost)", p, r.RD, r.Games, want)
		}
	}
	if total != 2*n {
		t.Errorf("got %d player-games counted, want %d", total, 2*n)
	}
}

// testRatingWithEnd: servers racing to end the same rated game, each
// with the rating update in its transaction, and others applying it
// apart: the game ends once and the ratings move once. A game that may
// not be rated (here: casual) ends all the same.
func testRatingWithEnd(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	ratedGame(t, s, "end1", true, 2, store.Ongoing)
	end := func() error {
		rg := store.RatingGame{GameID: "end1", Group: "tictactoe", Players: [2]string{"alice", "bob"},
			At: epoch.Add(time.Hour), Start: startRating, Rate: plusMinus(0)}
		return s.Update(ctx, store.Update{ID: "end1", Version: 2, Keep: 2, Result: "second", Reason: "resignation",
			DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: epoch.Add(time.Hour), Rating: &rg})
	}
	var ended atomic.Int32
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if i%2 == 1 {
				if _, err := rate(s, "end1", "alice", "bob", 0, epoch.Add(time.Hour)); err != nil && !errors.Is(err, store.ErrNotRated) {
					t.Errorf("apply: %v", err)
				}
				return
			}
			switch err := end(); {
			case err == nil:
				ended.Add(1)
			case !errors.Is(err, store.ErrConflict):
				t.Errorf("end: got %v, want nil or ErrConflict", err)
			}
		})
	}
	wg.Wait()
	if n := ended.Load(); n != 1 {
		t.Errorf("got the game ended %d times, want 1", n)
	}
	b, _, err := s.Rating(ctx, "bob", "tictactoe")
	if err != nil || b.Games != 1 || b.R != 1510 {
		t.Errorf("got bob %+v, %v; want one game, 1510", b, err)
	}
	ratedGame(t, s, "end2", false, 2, store.Ongoing)
	rg := store.RatingGame{GameID: "end2", Group: "tictactoe", Players: [2]string{"alice", "bob"}, At: epoch, Start: startRating, Rate: plusMinus(1)}
	if err := s.Update(ctx, store.Update{ID: "end2", Version: 2, Keep: 2, Result: "first", DrawOffer: store.NoOffer,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: epoch, Rating: &rg}); err != nil {
		t.Fatalf("ending a casual game with a rating update: %v", err)
	}
	if g := mustLoad(t, s, "end2"); g.Result != "first" {
		t.Errorf("got casual game %s, want ended", g.Result)
	}
	if a, _, _ := s.Rating(ctx, "alice", "tictactoe"); a.Games != 1 {
		t.Errorf("got alice with %d games, want the casual game not counted", a.Games)
	}
}

// testRatingWithWinningMove: a rated game ended by a move (the rules'
// end, one move appended: PostgreSQL's fast path for moves) is rated in
// the move's transaction like any other end.
func testRatingWithWinningMove(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	ratedGame(t, s, "win1", true, 2, store.Ongoing)
	rg := store.RatingGame{GameID: "win1", Group: "tictactoe", Players: [2]string{"alice", "bob"}, At: epoch, Start: startRating, Rate: plusMinus(1)}
	u := store.Update{ID: "win1", Version: 2, Keep: 2, Result: "first", Reason: "three in a row", DrawOffer: store.NoOffer,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: epoch, Rating: &rg}
	if err := s.Update(ctx, move(u, "c3", 0)); err != nil {
		t.Fatal(err)
	}
	a, found, err := s.Rating(ctx, "alice", "tictactoe")
	if err != nil || !found || a.Games != 1 || a.R != 1510 {
		t.Errorf("got alice %+v, %v, %v after a winning move; want one game, 1510", a, found, err)
	}
}
