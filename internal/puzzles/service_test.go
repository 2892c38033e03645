package puzzles_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/store"
)

// ratings keeps one player's and the puzzles' ratings in memory.
type ratings struct {
	player  map[string]store.PuzzleRating
	puzzles map[string]store.PuzzleRating
}

func (r *ratings) PlayerPuzzleRating(_ context.Context, player, _ string) (store.PuzzleRating, bool, error) {
	x, ok := r.player[player]
	return x, ok, nil
}

func (r *ratings) TriedPuzzles(context.Context, string, string) (map[string]bool, error) {
	return map[string]bool{}, nil
}

func (r *ratings) PuzzleRatingOf(_ context.Context, id string) (store.PuzzleRating, bool, error) {
	x, ok := r.puzzles[id]
	return x, ok, nil
}

func (r *ratings) RatePuzzle(_ context.Context, a store.PuzzleAttempt, rate store.PuzzleRate) (store.PuzzleRating, store.PuzzleRating, bool, error) {
	pl, pz := rate(a.PlayerStart, a.PuzzleStart, a.Solved)
	r.player[a.Player], r.puzzles[a.Puzzle] = pl, pz
	return pl, pz, true, nil
}

// TestService answers a puzzle, rates the solver and the puzzle, and
// refuses what does not exist with the client's sentence.
func TestService(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	set, err := puzzles.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	st := &ratings{player: map[string]store.PuzzleRating{}, puzzles: map[string]store.PuzzleRating{}}
	s := &puzzles.Service{Set: set, Store: st, Registry: reg, Now: time.Now}
	ctx := context.Background()
	name := set.Games()[0]
	pz := set.Of(name)[0]
	if _, err := s.One(ctx, "other", pz.ID, ""); !errors.Is(err, puzzles.ErrNotFound) {
		t.Errorf("a puzzle under another game: %v", err)
	}
	if _, err := s.Pack("nogame"); !errors.Is(err, puzzles.ErrNotFound) || err.Error() != `no puzzles for "nogame"` {
		t.Errorf("no puzzles: %v", err)
	}
	if _, err := s.Answer(ctx, name, pz.ID, "not a move", ""); !errors.As(err, new(*puzzles.IllegalMove)) {
		t.Errorf("an illegal answer: %v", err)
	}
	out, err := s.Answer(ctx, name, pz.ID, pz.Solution, "ada")
	if err != nil || !out.Correct || !out.Rated || out.Player.Rating <= out.Before.Rating || out.Puzzle.Rating >= pz.Rating {
		t.Fatalf("solved: %+v, %v", out, err)
	}
	if next, err := s.Next(ctx, name, pz.ID, "ada"); err != nil || next.ID == pz.ID || next.Player == nil {
		t.Errorf("next: %+v, %v", next, err)
	}
}
