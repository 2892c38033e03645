package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// ask runs lines on a fresh tic-tac-toe session and returns the last
// line's answer, failing the test on any err.
func ask(t *testing.T, lines ...string) []string {
	t.Helper()
	ses := New(game.NewRegistry(tictactoe.Game()), "1")
	var answer []string
	for _, l := range lines {
		answer, _ = ses.Handle(l)
		if len(answer) == 0 || answer[len(answer)-1] != "ok" {
			t.Fatalf("%q: got %q, want ... ok", l, answer)
		}
	}
	return answer[:len(answer)-1]
}

// TestView checks that "view" describes the position as the server's
// views do, ongoing and over.
func TestView(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, start     string
		play            string
		wantResult      string
		wantLegal       int
		wantToAct       int
		wantReasonGiven bool
	}{
		{"start", "", "", "ongoing", 9, 0, false},
		{"after a move", "", "b2", "ongoing", 8, 1, false},
		{"won", "XX1/OO1/3 x", "c3", "first", 0, 1, true},
	} {
		lines := []string{"newgame tictactoe " + tc.start}
		if tc.play != "" {
			lines = append(lines, "play "+tc.play)
		}
		got := ask(t, append(lines, "view")...)
		if len(got) != 1 {
			t.Fatalf("%s: got %d lines, want 1: %q", tc.name, len(got), got)
		}
		var p api.Position
		if err := json.Unmarshal([]byte(got[0]), &p); err != nil {
			t.Fatalf("%s: %v in %q", tc.name, err, got[0])
		}
		if p.Result != tc.wantResult || len(p.Legal) != tc.wantLegal || p.ToAct != tc.wantToAct || (p.Reason != "") != tc.wantReasonGiven {
			t.Errorf("%s: got result %q, %d legal, to act %d, reason %q; want %q, %d, %d, reason given %v",
				tc.name, p.Result, len(p.Legal), p.ToAct, p.Reason, tc.wantResult, tc.wantLegal, tc.wantToAct, tc.wantReasonGiven)
		}
	}
}

// TestExplainCommand checks that "explain" answers JSON: null for a move
// the game does not explain, and refuses a missing move.
func TestExplainCommand(t *testing.T) {
	t.Parallel()
	if got := ask(t, "newgame tictactoe", "explain b2"); strings.Join(got, "|") != "null" {
		t.Errorf("explain of a legal move: got %q, want null", got)
	}
	ses := New(game.NewRegistry(tictactoe.Game()), "1")
	ses.Handle("newgame tictactoe")
	if got, _ := ses.Handle("explain"); !strings.HasPrefix(strings.Join(got, "|"), "err ") {
		t.Errorf("explain without a move: got %q, want err", got)
	}
}

// TestGoLevel checks "go level": a legal move at every level, and the
// limits it refuses.
func TestGoLevel(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"go level 1 seed 7", "go level 4", "go level 8 nodes 500"} {
		got := ask(t, "newgame tictactoe", line)
		last := got[len(got)-1]
		if !strings.HasPrefix(last, "bestmove ") {
			t.Fatalf("%q: got %q, want bestmove last", line, got)
		}
		ask(t, "newgame tictactoe", "play "+strings.TrimPrefix(last, "bestmove "))
	}
	for _, line := range []string{"go level 0", "go level 9", "go seed 3", "go level x"} {
		ses := New(game.NewRegistry(tictactoe.Game()), "1")
		ses.Handle("newgame tictactoe")
		if got, _ := ses.Handle(line); !strings.HasPrefix(strings.Join(got, "|"), "err ") {
			t.Errorf("%q: got %q, want err", line, got)
		}
	}
}
