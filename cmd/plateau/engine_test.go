package main

import (
	"flag"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game/gametest"
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

// TestEngineLongLines checks that a line of any length gets an answer
// and that the engine then goes on, unchanged by a line too long. A line
// of 1 MiB used to end the engine silently, with status 0.
func TestEngineLongLines(t *testing.T) {
	t.Parallel()
	newgame, _, _ := runCmd(t, "newgame tictactoe\n", "engine")       // "<start>\nok\n"
	both, _, _ := runCmd(t, "newgame tictactoe\nplay b2\n", "engine") // then "<after b2>\nok\n"
	played := strings.TrimPrefix(both, newgame)
	info, _, _ := runCmd(t, "info\n", "engine")
	first := func(s string) string { return strings.Split(s, "\n")[0] }
	tooLong := fmt.Sprintf("err line too long: the limit is %d bytes\n", maxLine)
	// play padded with spaces to n bytes: the engine trims them.
	play := func(n int) string { return "play " + strings.Repeat(" ", n-7) + "b2" }
	for _, tc := range []struct {
		name, line, answer, position string
	}{
		{"at the limit", play(maxLine), played, first(played)},
		{"one byte over", play(maxLine + 1), tooLong, first(newgame)},
		{"1 MiB", "play " + strings.Repeat("a", 1<<20), tooLong, first(newgame)},
		{"10 MiB", "play " + strings.Repeat("a", 10<<20), tooLong, first(newgame)},
		{"10 MiB ending in CR", strings.Repeat("x", 10<<20) + "\r", tooLong, first(newgame)},
		{"10 MiB of spaces", strings.Repeat(" ", 10<<20), tooLong, first(newgame)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errOut, st := runCmd(t, "newgame tictactoe\n"+tc.line+"\ninfo\nposition\n", "engine")
			want := newgame + tc.answer + info + tc.position + "\nok\n"
			if out != want || st != 0 || errOut != "" {
				t.Errorf("got %q (status %d, stderr %q), want %q", tail(out), st, errOut, tail(want))
			}
		})
	}
}

// TestEngineProcessLongLine sends the real binary, through a pipe, the
// audit's line of 10 MiB: it must answer it, then answer info.
func TestEngineProcessLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the real binary; runs without -short")
	}
	t.Parallel()
	bin, err := buildPlateau()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "engine")
	cmd.Stdin = strings.NewReader("newgame yoxii\nplay " + strings.Repeat("a", 10<<20-5) + "\ninfo\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("engine: %v", err)
	}
	lines := strings.Split(string(out), "\n")
	want := fmt.Sprintf("err line too long: the limit is %d bytes", maxLine)
	if len(lines) != 8 || lines[2] != want || lines[3] != "id name plateau" || lines[6] != "ok" || lines[7] != "" {
		t.Errorf("got %q, want the start position, ok, %q, then info's answer and ok", out, want)
	}
}
