package puzzles_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// savePuzzle is a tic-tac-toe save puzzle as the miner writes it: X
// threatens c3, and blocking there holds the draw.
func savePuzzle(t *testing.T, reg *game.Registry, pos, solution string, plies int) puzzles.Puzzle {
	t.Helper()
	s, err := reg.New("tictactoe", pos)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.ParseMove(solution)
	if err != nil {
		t.Fatal(err)
	}
	return puzzles.Puzzle{ID: puzzles.ID("tictactoe", pos), Game: "tictactoe", Kind: puzzles.KindSave, Position: pos,
		Solution: solution, Plies: plies, Moves: len(s.Moves(nil)), Tags: puzzles.SaveTags(s, m, nil)}
}

// TestVerifySave accepts a real save puzzle and refuses one whose
// solution loses, one where another move also saves, one whose horizon
// is too short and one of an unknown kind.
func TestVerifySave(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(tictactoe.Game())
	good := savePuzzle(t, reg, "XX1/1O1/3 o", "c3", 2)
	if err := puzzles.Verify(reg, nil, good); err != nil {
		t.Fatalf("the save puzzle: got %v, want nil", err)
	}
	if got := good.Tags; len(got) == 0 || got[0] != "save" {
		t.Errorf("tags: got %v, want save first", got)
	}
	for _, tc := range []struct {
		what, pos, solution string
		plies               int
		want                string // in the error
	}{
		{"the solution loses", "XX1/O2/3 o", "c3", 2, "not proved to save"},
		{"a second move also saves", "3/1X1/3 o", "a1", 3, "also escapes a loss"},
		{"a shorter horizon", "XX1/1O1/3 o", "c3", 1, "also escapes a loss"},
		{"another move", "XX1/1O1/3 o", "a1", 2, "loses within 2 plies"},
	} {
		p := savePuzzle(t, reg, tc.pos, tc.solution, tc.plies)
		if err := puzzles.Verify(reg, nil, p); !errors.Is(err, puzzles.ErrBadPuzzle) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want ErrBadPuzzle saying %q", tc.what, err, tc.want)
		}
	}
	odd := good
	odd.Kind = "draw"
	if err := puzzles.Verify(reg, nil, odd); !errors.Is(err, puzzles.ErrBadPuzzle) {
		t.Errorf("an unknown kind: got %v, want ErrBadPuzzle", err)
	}
}
