package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/internal/puzzles"
)

// TestPuzzlesMine mines a few Yoxii puzzles into a file beside a copy of
// the game's themes (English only: the catalogs fill in the rest),
// proves them with verify, mines again (the known ones are kept, new
// ones added), then checks that verify fails on a puzzle whose solution
// was changed.
func TestPuzzlesMine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "puzzles.json")
	themes, err := os.ReadFile(filepath.Join("..", "..", "games", "yoxii", "data", puzzles.ThemesFile))
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, puzzles.ThemesFile), themes, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, st := runCmd(t, "", "puzzles", "mine", "yoxii", "--count", "3", "--levels", "level:2", "--out", file)
	if st != 0 || !strings.Contains(out, "yoxii: 3 new puzzles, 3 in") {
		t.Fatalf("mine: got %d %q %q", st, out, errOut)
	}
	out, errOut, st = runCmd(t, "", "puzzles", "mine", "yoxii", "--count", "2", "--levels", "level:2", "--seed", "9", "--out", file)
	if st != 0 || !strings.Contains(out, "2 new puzzles, 5 in") {
		t.Fatalf("mine again: got %d %q %q", st, out, errOut)
	}
	out, errOut, st = runCmd(t, "", "puzzles", "verify", "yoxii", "--file", file)
	if st != 0 || out != "yoxii: 5 puzzles proved\n" {
		t.Fatalf("verify: got %d %q %q", st, out, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := puzzles.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	ps[0].Solution = "d4,1@d5"
	bad, _ := puzzles.Encode(ps)
	if err := os.WriteFile(file, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, st = runCmd(t, "", "puzzles", "verify", "yoxii", "--file", file); st != exitFailure || !strings.Contains(errOut, "bad puzzle") {
		t.Errorf("verify of a changed puzzle: got %d %q, want 1 and the puzzle named", st, errOut)
	}
}

func TestPuzzlesUsage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"puzzles"},
		{"puzzles", "solve", "yoxii"},
		{"puzzles", "mine"},
		{"puzzles", "mine", "chess", "--count", "1"},
		{"puzzles", "mine", "yoxii", "--count", "0"},
		{"puzzles", "verify", "chess"},
	} {
		if _, errOut, st := runCmd(t, "", args...); st != exitBadInput || errOut == "" {
			t.Errorf("%v: got %d %q, want 2 and a message", args, st, errOut)
		}
	}
	if out, _, st := runCmd(t, "", "puzzles", "mine", "--help"); st != 0 || !strings.Contains(out, "--count") {
		t.Errorf("mine --help: got %d %q", st, out)
	}
}
