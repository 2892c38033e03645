package main

import (
	"fmt"
	"strings"
	"testing"
)

func TestMatchSummary(t *testing.T) {
	t.Parallel()
	out, errOut, st := runCmd(t, "", "match", "tictactoe", "level:8", "random", "--games", "10", "--sprt", "0,100,0.05,0.05", "--concurrency", "2", "--opening-plies", "0")
	if st != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", st, errOut)
	}
	for _, want := range []string{"tictactoe: level:8 (A) versus random (B)", "losses; score", "Elo difference", "[95%: ", "average length", "SPRT elo0 0 elo1 100: "} {
		if !strings.Contains(out, want) {
			t.Errorf("got %s, want it to contain %q", out, want)
		}
	}
	if !strings.Contains(out, " 0 losses") {
		t.Errorf("got %s, want level 8 never to lose at tic-tac-toe", out)
	}
	checkPairsLine(t, out)
}

// checkPairsLine checks that the pentanomial counts printed add up to
// the pairs announced on the first line, with no pair lost by A (level 8
// never loses a game of tic-tac-toe).
func checkPairsLine(t *testing.T, out string) {
	t.Helper()
	var games, pairs int
	var p [5]int
	if _, err := fmt.Sscanf(out[strings.Index(out, ", ")+2:], "%d games in %d pairs", &games, &pairs); err != nil {
		t.Fatalf("got %s, want \"N games in M pairs\": %v", out, err)
	}
	i := strings.Index(out, "pairs [LL LD DD/WL WD WW]: ")
	if i < 0 {
		t.Fatalf("got %s, want the pentanomial counts", out)
	}
	if _, err := fmt.Sscanf(out[i:], "pairs [LL LD DD/WL WD WW]: %d %d %d %d %d", &p[0], &p[1], &p[2], &p[3], &p[4]); err != nil {
		t.Fatalf("got %s: %v", out, err)
	}
	if sum := p[0] + p[1] + p[2] + p[3] + p[4]; sum != pairs || games != 2*pairs || p[0]+p[1] != 0 {
		t.Errorf("got %d games, %d pairs and counts %v, want twice as many games as pairs, counts adding up to the pairs and no pair below 1/2", games, pairs, p)
	}
}

func TestMatchBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "tictactoe", "random"}, "usage"},
		{[]string{"match", "tictactoe", "mcts:time=fast", "random"}, `time "fast"`},
		{[]string{"match", "tictactoe", "random", "level:0"}, "level 0"},
		{[]string{"match", "tictactoe", "random", "chess"}, `unknown algorithm "chess"`},
		{[]string{"match", "tictactoe", "random", "random", "--games", "0"}, "bad --games 0"},
		{[]string{"match", "tictactoe", "random", "random", "--games", "7"}, "bad --games 7: want an even number"},
		{[]string{"match", "tictactoe", "random", "random", "--sprt", "0,5000,0.05,0.05"}, "want elo0 and elo1 between -2000 and 2000"},
		{[]string{"match", "tictactoe", "random", "random", "--concurrency", "0"}, "bad --concurrency 0"},
		{[]string{"match", "tictactoe", "random", "random", "--opening-plies", "-1"}, "bad --opening-plies"},
		{[]string{"match", "tictactoe", "random", "random", "--sprt", "1,2"}, "bad SPRT"},
		{[]string{"match", "chess", "random", "random"}, "unknown game"},
		{[]string{"match", "tictactoe", "random", "random", "--games"}, "flag needs an argument"},
	} {
		t.Run(strings.Join(tc.args[1:], " "), func(t *testing.T) {
			out, errOut, st := runCmd(t, "", tc.args...)
			if st != exitBadInput || out != "" || !strings.Contains(errOut, tc.want) {
				t.Errorf("got status %d, stdout %q, stderr %q, want %d and %q", st, out, errOut, exitBadInput, tc.want)
			}
		})
	}
}
