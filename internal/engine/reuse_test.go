package engine

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestGoThreads: "go threads 2" plays a legal move; threads with a level,
// or not a positive number, is refused.
func TestGoThreads(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"go nodes 3000 threads 2", "go depth 9 movetime 2000 threads 2"} {
		ses := New(game.NewRegistry(tictactoe.Game()), "1")
		ses.Handle("newgame tictactoe XX1/OO1/3 x")
		got, _ := ses.Handle(line)
		if want := "bestmove c3"; len(got) < 2 || got[len(got)-2] != want {
			t.Errorf("%q: got %q, want %q then ok", line, got, want)
		}
	}
	for _, line := range []string{"go threads 2 level 3", "go threads 0", "go threads x"} {
		ses := New(game.NewRegistry(tictactoe.Game()), "1")
		ses.Handle("newgame tictactoe")
		if got, _ := ses.Handle(line); !strings.HasPrefix(strings.Join(got, "|"), "err ") {
			t.Errorf("%q: got %q, want err", line, got)
		}
	}
}

// TestGoKeepsTheSearch: a "go" like the last one goes on with the same
// agent (and so with its tree or table); another search, a seeded level
// or a new game gets a fresh one.
func TestGoKeepsTheSearch(t *testing.T) {
	t.Parallel()
	ses := New(game.NewRegistry(tictactoe.Game()), "1")
	ses.Handle("newgame tictactoe")
	goAgent := func(line string) any {
		t.Helper()
		if got, _ := ses.Handle(line); !strings.HasPrefix(got[len(got)-2], "bestmove ") {
			t.Fatalf("%q: got %q, want a bestmove", line, got)
		}
		return ses.kept.agent
	}
	first := goAgent("go nodes 500")
	ses.Handle("play b2")
	for _, tc := range []struct {
		line string
		same bool
	}{
		{"go nodes 500", true},
		{"go nodes 600", false},
		{"go nodes 600", true},
		{"go level 3", false},
		{"go level 3", true},
	} {
		before := ses.kept.agent
		if got := goAgent(tc.line); (got == before) != tc.same {
			t.Errorf("%q: got the same agent %v, want %v", tc.line, got == before, tc.same)
		}
	}
	for _, line := range []string{"go level 3 seed 4", "go level 3 seed 4"} {
		if goAgent(line) != nil {
			t.Errorf("%q: got an agent kept, want a seeded search to stay fresh", line)
		}
	}
	for _, tc := range []struct {
		line string
		same bool
	}{
		{"go level 3", false},
		{"go level 3", true},
	} {
		before := ses.kept.agent
		if got := goAgent(tc.line); (got == before) != tc.same {
			t.Errorf("%q: got the same agent %v, want %v", tc.line, got == before, tc.same)
		}
	}
	if goAgent("go nodes 500") == first {
		t.Error("got the first agent back after other searches, want a new one")
	}
	ses.Handle("newgame tictactoe")
	if ses.kept.agent != nil {
		t.Error("newgame kept the last game's agent")
	}
}
