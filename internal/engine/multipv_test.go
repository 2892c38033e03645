package engine

import (
	"regexp"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestGoMultiPV: "go ... multipv 3" reports three lines per report, each
// with its rank, a win probability and its line; the last report's
// first line is the move played.
func TestGoMultiPV(t *testing.T) {
	t.Parallel()
	ses := New(game.NewRegistry(tictactoe.Game()), "1")
	if a, _ := ses.Handle("newgame tictactoe"); len(a) != 2 {
		t.Fatalf("newgame: got %q", a)
	}
	answer, _ := ses.Handle("go nodes 3000 multipv 3")
	if len(answer) < 5 || answer[len(answer)-1] != "ok" {
		t.Fatalf("go: got %q, want info lines, bestmove and ok", answer)
	}
	line := regexp.MustCompile(`^info depth \d+ multipv ([1-3]) nodes \d+ nps \d+ wp [01]\.\d{3} pv ([a-c][1-3])( [a-c][1-3])*$`)
	infos := answer[:len(answer)-2]
	var last []string // the first move of each line of the last report
	for i, l := range infos {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("got info line %q, want depth, multipv, nodes, nps, wp and pv", l)
		}
		if m[1] == "1" {
			last = nil
		}
		if m[1] != string(rune('1'+len(last))) {
			t.Errorf("line %d: got multipv %s after %d lines of the report", i, m[1], len(last))
		}
		last = append(last, m[2])
	}
	if len(last) != 3 || last[0] == last[1] || last[1] == last[2] || last[0] == last[2] {
		t.Errorf("last report: got first moves %q, want three different moves", last)
	}
	if best := answer[len(answer)-2]; best != "bestmove "+last[0] {
		t.Errorf("got %q, want bestmove %s, the first line's move", best, last[0])
	}
}

func TestGoMultiPVErrors(t *testing.T) {
	t.Parallel()
	ses := New(game.NewRegistry(tictactoe.Game()), "1")
	ses.Handle("newgame tictactoe")
	for _, tc := range []struct{ line, want string }{
		{"go multipv 0", `err engine: bad multipv "0": want a positive whole number`},
		{"go multipv", "err engine: usage: go [movetime <ms>] [nodes <n>] [depth <d>] [threads <t>] [level <l> [seed <s>]] [multipv <k>]"},
		{"go width 3", `err engine: unknown go limit "width" (want movetime, nodes, depth, threads, level, seed or multipv)`},
	} {
		if got, _ := ses.Handle(tc.line); strings.Join(got, "|") != tc.want {
			t.Errorf("%s: got %q, want %q", tc.line, got, tc.want)
		}
	}
}
