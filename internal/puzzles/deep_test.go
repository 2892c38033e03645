package puzzles_test

import (
	"context"
	"errors"
	"testing"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/puzzles"
)

// TestVerifyDeep accepts a deep Yoxii puzzle as the miner found it (one
// move alone wins, in 5 decisions along the prover's strategy) and
// refuses it with other plies, another solution or its tags changed.
func TestVerifyDeep(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	good := puzzles.Puzzle{ID: "52d2f6d144164eef", Game: "yoxii", Position: "i1I/Xo1y1/1xXIXIx/i1yyyOi/2iOO1x/1O1I1/YOT r",
		Solution: "d2,3@e1", Plies: 5, Moves: 9, Tags: []string{"in-5", "score", "gift"}, Rating: 2154}
	if err := puzzles.Verify(reg, nil, good); err != nil {
		t.Fatalf("got %v, want the deep puzzle proved", err)
	}
	for name, change := range map[string]func(*puzzles.Puzzle){
		"plies 6":        func(p *puzzles.Puzzle) { p.Plies, p.Tags[0] = 6, "in-6" },
		"plies 4":        func(p *puzzles.Puzzle) { p.Plies, p.Tags[0] = 4, "in-4" },
		"plies 3":        func(p *puzzles.Puzzle) { p.Plies, p.Tags[0] = 3, "in-3" },
		"another move":   func(p *puzzles.Puzzle) { p.Solution = "d2,2@e1" }, // legal, not the win
		"tags":           func(p *puzzles.Puzzle) { p.Tags = []string{"in-5", "quiet"} },
		"an illegal one": func(p *puzzles.Puzzle) { p.Solution = "a1" },
	} {
		p := good
		p.Tags = append([]string(nil), good.Tags...)
		change(&p)
		if err := puzzles.Verify(reg, nil, p); !errors.Is(err, puzzles.ErrBadPuzzle) {
			t.Errorf("%s: got %v, want an error wrapping ErrBadPuzzle", name, err)
		}
	}
}

// TestMineRefusesDeepPlies: the exhaustive search stops at
// ExhaustivePlies; longer wins are the solvers'.
func TestMineRefusesDeepPlies(t *testing.T) {
	t.Parallel()
	cfg := puzzles.MineConfig{Game: "yoxii", Count: 1, Levels: []string{"level:1"}, Back: 1, MaxPlies: puzzles.ExhaustivePlies + 1}
	if _, err := puzzles.Mine(context.Background(), games.Registry(), cfg); err == nil {
		t.Errorf("got no error for --plies %d, want one", cfg.MaxPlies)
	}
}
