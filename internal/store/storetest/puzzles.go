package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/plateau-games/plateau/internal/store"
)

// plusOne is a rating rule easy to check: a solve moves the player up
// and the puzzle down by 10, a miss the other way.
func plusOne(pl, pz store.PuzzleRating, solved bool) (store.PuzzleRating, store.PuzzleRating) {
	d := -10.0
	if solved {
		d = 10
	}
	pl.R, pz.R = pl.R+d, pz.R-d
	pl.RD, pz.RD = pl.RD-1, pz.RD-1
	return pl, pz
}

func attempt(player, puzzle string, solved bool) store.PuzzleAttempt {
	return store.PuzzleAttempt{Player: player, Game: "tictactoe", Puzzle: puzzle, Solved: solved, At: epoch,
		PlayerStart: store.PuzzleRating{R: 1500, RD: 350, Vol: 0.06}, PuzzleStart: store.PuzzleRating{R: 1200, RD: 250, Vol: 0.06}}
}

// testPuzzleRatings: a first attempt rates both from their start, a
// second attempt at the same puzzle changes nothing, another puzzle
// goes on from the player's rating.
func testPuzzleRatings(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	if _, ok, err := s.PlayerPuzzleRating(ctx, "p1", "tictactoe"); ok || err != nil {
		t.Fatalf("a new player: got ok %v, %v, want no rating", ok, err)
	}
	steps := []struct {
		a            store.PuzzleAttempt
		first        bool
		player, puzz float64
		attempts     int
	}{
		{attempt("p1", "z1", true), true, 1510, 1190, 1},
		{attempt("p1", "z1", false), false, 1510, 1190, 1},
		{attempt("p1", "z2", false), true, 1500, 1210, 2},
		{attempt("p2", "z1", false), true, 1490, 1200, 1},
	}
	for i, st := range steps {
		pl, pz, first, err := s.RatePuzzle(ctx, st.a, plusOne)
		if err != nil {
			t.Fatal(err)
		}
		if first != st.first || pl.R != st.player || pz.R != st.puzz || pl.Attempts != st.attempts {
			t.Errorf("step %d: got first %v, player %v (%d attempts), puzzle %v; want %v, %v (%d), %v",
				i, first, pl.R, pl.Attempts, pz.R, st.first, st.player, st.attempts, st.puzz)
		}
	}
	pl, ok, err := s.PlayerPuzzleRating(ctx, "p1", "tictactoe")
	if err != nil || !ok || pl.R != 1500 || pl.Solved != 1 || pl.Attempts != 2 {
		t.Errorf("p1: got %+v, %v, %v, want 1500 with 1 solved of 2", pl, ok, err)
	}
	pz, ok, err := s.PuzzleRatingOf(ctx, "z1")
	if err != nil || !ok || pz.R != 1200 || pz.Attempts != 2 || pz.Solved != 1 {
		t.Errorf("z1: got %+v, %v, %v, want 1200 after 2 attempts, 1 solved", pz, ok, err)
	}
	tried, err := s.TriedPuzzles(ctx, "p1", "tictactoe")
	if err != nil || len(tried) != 2 || !tried["z1"] || !tried["z2"] {
		t.Errorf("p1 tried %v, %v, want z1 and z2", tried, err)
	}
	if tried, _ := s.TriedPuzzles(ctx, "p1", "other"); len(tried) != 0 {
		t.Errorf("p1 tried %v in another game, want none", tried)
	}
}

// testPuzzleRatingsRacing: many players answering one puzzle at once
// all count, none from a stale rating; one player answering twice at
// once counts once.
func testPuzzleRatingsRacing(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	const n = 12
	var wg sync.WaitGroup
	firsts := make(chan bool, 2*n)
	for i := range n {
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, first, err := s.RatePuzzle(ctx, attempt(fmt.Sprint("racer", i), "zr", true), plusOne)
				if err != nil {
					t.Error(err)
				}
				firsts <- first
			}()
		}
	}
	wg.Wait()
	close(firsts)
	counted := 0
	for f := range firsts {
		if f {
			counted++
		}
	}
	pz, _, err := s.PuzzleRatingOf(ctx, "zr")
	if err != nil || counted != n || pz.Attempts != n || pz.R != 1200-10*n {
		t.Errorf("got %d first attempts, puzzle %+v (%v); want %d attempts, rating %d", counted, pz, err, n, 1200-10*n)
	}
}
