package main

import (
	"flag"
	"github.com/plateau-games/plateau/game/gametest"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestEngineSession replays a transcript and compares it with a golden file.
func TestEngineSession(t *testing.T) {
	t.Parallel()
	in := strings.Join([]string{
		"info",
		"position",
		"newgame chess",
		"newgame tictactoe",
		"validmoves",
		"play b2",
		"play b2",
		"play zz",
		"play a1 a2",
		"PLAY A1",
		"undo 3",
		"undo",
		"result",
		"perft 2",
		"perft x",
		"newgame tictactoe XX1/OO1/3 x",
		"play c3",
		"result",
		"validmoves",
		"go",
		"go movetime",
		"undo",
		"show",
		"",
		"frob",
		"quit",
		"info",
	}, "\n")
	out, errOut, st := runCmd(t, in, "engine")
	if st != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", st, errOut)
	}
	golden(t, "engine_session.golden", out)
}

func TestEngineGo(t *testing.T) {
	t.Parallel()
	out, _, _ := runCmd(t, "newgame tictactoe\ngo movetime 50\n", "engine")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-2]
	if !strings.HasPrefix(last, "bestmove ") || lines[len(lines)-1] != "ok" {
		t.Fatalf("got %q, want bestmove then ok", out)
	}
	mv := strings.TrimPrefix(last, "bestmove ")
	out, _, _ = runCmd(t, "newgame tictactoe\nplay "+mv+"\n", "engine")
	if strings.Contains(out, "err") {
		t.Errorf("bestmove %q is not legal: %q", mv, out)
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	gametest.Golden(t, filepath.Join("testdata", name), got, *update)
}

// FuzzEngine feeds arbitrary lines to the engine: it must answer every
// line with ok or err, and never stop early or panic.
func FuzzEngine(f *testing.F) {
	for _, s := range []string{"newgame tictactoe\nplay b2", "undo 99999999999999999999", "go depth 3 nodes 5", "perft 64x", "newgame tictactoe:a=b", "\x00\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		in = strings.ReplaceAll(in, "quit", "")
		in = strings.ReplaceAll(in, "perft", "") // deep perft is slow, not wrong
		in = "newgame tictactoe\n" + in + "\ninfo\n"
		out, _, st := runCmd(t, in, "engine")
		if st != 0 || !strings.HasSuffix(out, " tictactoe\nok\n") {
			t.Fatalf("engine stopped answering: status %d, tail %q", st, tail(out))
		}
		var commands, answers int
		for _, l := range strings.Split(in, "\n") {
			if strings.TrimSpace(l) != "" {
				commands++
			}
		}
		for _, l := range strings.Split(out, "\n") {
			if l == "ok" || strings.HasPrefix(l, "err ") {
				answers++
			}
		}
		if answers != commands {
			t.Errorf("got %d answers to %d commands:\n%s", answers, commands, out)
		}
	})
}

func tail(s string) string {
	if len(s) > 200 {
		return s[len(s)-200:]
	}
	return s
}
